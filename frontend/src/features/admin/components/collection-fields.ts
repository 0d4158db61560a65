import type { AdminCollectionValues, AdminCollectionView } from '../api/types';
import { textOf, type FieldDefinition, type FormValues } from './form/types';

/** The collection form: generic text inputs (spec: categories edited as a comma-joined list; books too, beyond the spec). */
export function collectionFields(collection?: AdminCollectionView): FieldDefinition[] {
  return [
    { id: 'title', label: 'Title*', type: 'text', required: true, value: collection?.title ?? '' },
    { id: 'subtitle', label: 'Subtitle', type: 'text', value: collection?.subtitle ?? '' },
    { id: 'image', label: 'Image', type: 'text', value: collection?.image ?? '', helpText: 'A stored picture’s key (public/…) or an https:// address.' },
    { id: 'categories', label: 'Categories', type: 'text', value: collection?.categories ?? '', helpText: 'Category ids, separated by commas (3,7).' },
    { id: 'books', label: 'Books', type: 'text', value: collection?.books ?? '', helpText: 'Book ids, separated by commas, in the order members see them.' },
  ];
}

/** The ids of a comma-joined list, tidied ('3, 7,' → '3,7'). */
function idList(text: string): string {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(',');
}

export function collectionValues(values: FormValues): AdminCollectionValues {
  return {
    title: textOf(values.title),
    subtitle: textOf(values.subtitle),
    image: textOf(values.image).trim(),
    categories: idList(textOf(values.categories)),
    books: idList(textOf(values.books)),
  };
}
