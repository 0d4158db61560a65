import type { CategoryView } from '@/lib/api/types';
import type { AdminBook, AdminBookRequest, AdminGoalView } from '../api/types';
import { fromDay, toDay, today } from '../format';
import { listOf, textOf, type FieldDefinition, type FormValues } from './form/types';

export const BOOK_ADDED = 'Book was added.';
export const BOOK_UPDATED = 'Book was updated.';

const YES_NO = [
  { value: 'false', label: 'No' },
  { value: 'true', label: 'Yes' },
];

/**
 * The book form (spec §3 Book; §5: title, author and categories required on add, and the image
 * too on edit). The cover and other media come by upload, so on edit the image is read-only.
 * Goals (the ten-day challenge's, and the goal filter of /books) are optional.
 */
export function bookFields(categories: CategoryView[], book?: AdminBook, goals: AdminGoalView[] = []): FieldDefinition[] {
  const fields: (FieldDefinition | null)[] = [
    { id: 'title', label: 'Title*', type: 'text', required: true, value: book?.title ?? '' },
    {
      id: 'subid',
      label: 'Address name',
      type: 'text',
      value: book?.subid ?? '',
      helpText: 'The end of the book’s address (/books/name); made from the title when left empty.',
    },
    { id: 'author', label: 'Author*', type: 'text', required: true, value: book?.author ?? '' },
    { id: 'authorDesc', label: 'About the author', type: 'textarea', value: book?.authorDesc ?? '' },
    { id: 'description', label: 'Description', type: 'textarea', value: book?.description ?? '' },
    {
      id: 'categories',
      label: 'Categories*',
      type: 'multi-select',
      required: true,
      value: (book?.categories ?? []).map(String),
      options: categories.map((category) => ({ value: String(category.id), label: category.name })),
    },
    {
      id: 'goals',
      label: 'Goals',
      type: 'multi-select',
      value: (book?.goals ?? []).map(String),
      options: goals.map((goal) => ({ value: String(goal.id), label: goal.title })),
      helpText: goals.length === 0 ? 'No goals yet: add them on the Goals page.' : 'The goals this book serves.',
    },
    book
      ? {
          id: 'image',
          label: 'Image*',
          type: 'readonly',
          required: true,
          value: book.image,
          helpText: book.image ? 'Replace it on the photo page.' : 'Upload a cover on the photo page before saving.',
        }
      : null,
    {
      id: 'body',
      label: 'Summary (HTML)',
      type: 'textarea',
      value: book?.body ?? '',
      helpText:
        'HTML: headings, paragraphs, lists, links, emphasis. Anything unsafe is removed when it is saved. Keep each block\u2019s data-block id when you edit it (members\u2019 highlights stay on it); a new block gets one when saved.',
    },
    { id: 'takeaways', label: 'What you will learn', type: 'textarea', value: (book?.takeaways ?? []).join('\n'), helpText: 'One per line.' },
    { id: 'quotes', label: 'Quotes', type: 'textarea', value: (book?.quotes ?? []).join('\n'), helpText: 'One quote per line.' },
    { id: 'tags', label: 'Tags', type: 'text', value: (book?.tags ?? []).join(', '), helpText: 'Separated by commas.' },
    {
      id: 'free',
      label: 'Free',
      type: 'normal-select',
      options: YES_NO,
      value: String(book?.free ?? false),
      helpText: 'Free books can be read by every member.',
    },
    { id: 'isPopular', label: 'Popular', type: 'normal-select', options: YES_NO, value: String(book?.isPopular ?? false) },
    { id: 'comingSoon', label: 'Coming soon', type: 'normal-select', options: YES_NO, value: String(book?.comingSoon ?? false) },
    { id: 'uploadDate', label: 'Upload Date', type: 'date', value: book ? toDay(book.uploadDate) : today(), helpText: 'Lists show the newest first.' },
  ];
  return fields.filter((field): field is FieldDefinition => field !== null);
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The request for the form's values. An upload date left as it was keeps its time of day (add: the time of adding). */
export function bookRequest(values: FormValues, book?: AdminBook): AdminBookRequest {
  const day = textOf(values.uploadDate);
  const unchanged = book ? day === toDay(book.uploadDate) : day === today();
  return {
    title: textOf(values.title),
    subid: textOf(values.subid).trim(),
    author: textOf(values.author),
    authorDesc: textOf(values.authorDesc),
    description: textOf(values.description),
    body: textOf(values.body),
    takeaways: lines(textOf(values.takeaways)),
    quotes: lines(textOf(values.quotes)),
    tags: textOf(values.tags)
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    categories: listOf(values.categories).map(Number),
    goals: listOf(values.goals).map(Number),
    free: values.free === 'true',
    isPopular: values.isPopular === 'true',
    comingSoon: values.comingSoon === 'true',
    uploadDate: unchanged ? book?.uploadDate : (fromDay(day) ?? undefined),
  };
}
