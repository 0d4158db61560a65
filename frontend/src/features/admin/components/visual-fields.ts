import type { AdminVisualRequest, AdminVisualView } from '../api/types';
import { textOf, type FieldDefinition, type FormValues } from './form/types';

/** The visual form (spec §3 Visual; §5: title and body required, book id and image optional). */
export function visualFields(visual?: AdminVisualView): FieldDefinition[] {
  return [
    { id: 'title', label: 'Title*', type: 'text', required: true, value: visual?.title ?? '' },
    { id: 'body', label: 'Body*', type: 'textarea', required: true, value: visual?.body ?? '' },
    {
      id: 'bookId',
      label: 'Book ID',
      type: 'text',
      inputType: 'number',
      value: visual?.bookId != null ? String(visual.bookId) : '',
      helpText: 'The book this slide belongs to; empty for none.',
    },
    { id: 'image', label: 'Image', type: 'text', value: visual?.image ?? '', helpText: 'The stored picture’s key; upload one on the photo page.' },
  ];
}

export function visualRequest(values: FormValues): AdminVisualRequest {
  const bookId = textOf(values.bookId).trim();
  return {
    title: textOf(values.title),
    body: textOf(values.body),
    bookId: bookId === '' ? null : Number(bookId),
    image: textOf(values.image).trim(),
  };
}
