import type { AdminBlogPostView, AdminBlogRequest } from '../api/types';
import { fromDay, toDay, today } from '../format';
import { textOf, type FieldDefinition, type FieldOption, type FormValues } from './form/types';

const DRAFT_OPTIONS: FieldOption[] = [
  { value: 'false', label: 'No: publish it on the publish date' },
  { value: 'true', label: 'Yes: keep it a draft (members do not see it)' },
];

/**
 * The blog post form (spec §3 Blog post; §5: title, description, categories and text required;
 * the photo comes by upload). Drafts and the publish date are beyond the spec: members see a post
 * once it is not a draft and its publish date has come.
 */
export function blogFields(categories: FieldOption[], post?: AdminBlogPostView): FieldDefinition[] {
  return [
    { id: 'title', label: 'Title*', type: 'text', required: true, value: post?.title ?? '' },
    {
      id: 'description',
      label: 'Description*',
      type: 'textarea',
      required: true,
      value: post?.description ?? '',
      helpText: 'The short text lists show under the title.',
    },
    { id: 'categories', label: 'Categories*', type: 'select', required: true, value: post?.categories ?? '', options: categories },
    {
      id: 'text',
      label: 'Text*',
      type: 'textarea',
      required: true,
      value: post?.text ?? '',
      helpText: 'HTML: headings, paragraphs, lists, links, emphasis, images. Anything unsafe is removed when it is saved.',
    },
    { id: 'draft', label: 'Draft', type: 'normal-select', options: DRAFT_OPTIONS, value: String(post?.draft ?? false) },
    {
      id: 'publishDate',
      label: 'Publish Date',
      type: 'date',
      value: post ? toDay(post.publishDate) : today(),
      helpText: 'A later day schedules the post; left as today, it is published at once.',
    },
  ];
}

/** The request for the form's values. A publish day left as it was keeps its time (add: the time of adding). */
export function blogRequest(values: FormValues, post?: AdminBlogPostView): AdminBlogRequest {
  const day = textOf(values.publishDate);
  const unchanged = post ? day === toDay(post.publishDate) : day === today();
  return {
    id: post?.id,
    title: textOf(values.title),
    description: textOf(values.description),
    categories: textOf(values.categories),
    text: textOf(values.text),
    draft: values.draft === 'true',
    publishDate: unchanged ? post?.publishDate : (fromDay(day) ?? undefined),
  };
}
