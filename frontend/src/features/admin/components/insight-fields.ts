import type { AdminInsightRequest, AdminInsightView } from '../api/types';
import { textOf, type FieldDefinition, type FormValues } from './form/types';

/** The insight form (spec: Quote, a textarea, and Book, a text field; both required). */
export function insightFields(insight?: AdminInsightView): FieldDefinition[] {
  return [
    { id: 'insight', label: 'Quote*', type: 'textarea', required: true, value: insight?.insight ?? '' },
    {
      id: 'bookId',
      label: 'Book*',
      type: 'text',
      required: true,
      value: insight?.bookId ?? '',
      helpText: 'The book’s id or its address name (the end of /books/…).',
    },
  ];
}

export function insightRequest(values: FormValues, insight?: AdminInsightView): AdminInsightRequest {
  return { id: insight?.id, insight: textOf(values.insight), bookId: textOf(values.bookId).trim() };
}
