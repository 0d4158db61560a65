import type { AdminPodcastRequest, AdminPodcastView } from '../api/types';
import type { LinkItem } from './ContentPage';
import { textOf, type FieldDefinition, type FormValues } from './form/types';

/**
 * The podcast form (spec §3 Podcast; §5: title, author, author description and description
 * required on add, title and author on edit). The cover and the audio come by upload.
 */
export function podcastFields(podcast?: AdminPodcastView): FieldDefinition[] {
  const adding = !podcast;
  return [
    { id: 'title', label: 'Title*', type: 'text', required: true, value: podcast?.title ?? '' },
    { id: 'author', label: 'Author*', type: 'text', required: true, value: podcast?.author ?? '' },
    { id: 'authorDesc', label: adding ? 'Author Description*' : 'Author Description', type: 'textarea', required: adding, value: podcast?.authorDesc ?? '' },
    { id: 'description', label: adding ? 'Description*' : 'Description', type: 'textarea', required: adding, value: podcast?.description ?? '' },
    {
      id: 'mins',
      label: 'Minutes',
      type: 'text',
      inputType: 'number',
      value: podcast ? String(podcast.mins) : '',
      helpText: 'How long the episode runs, in whole minutes.',
    },
  ];
}

export function podcastRequest(values: FormValues): AdminPodcastRequest {
  const mins = textOf(values.mins).trim();
  return {
    title: textOf(values.title),
    author: textOf(values.author),
    authorDesc: textOf(values.authorDesc),
    description: textOf(values.description),
    mins: mins === '' ? 0 : Math.round(Number(mins)),
  };
}

/** The upload screens of a podcast. */
export function podcastFiles(id: number): LinkItem[] {
  return [
    { to: `/admin/podcast-photo/${id}`, label: 'Cover photo' },
    { to: `/admin/podcast-media/${id}`, label: 'Audio' },
  ];
}
