import type { AdminGoalRequest, AdminGoalView } from '../api/types';
import type { LinkItem } from './ContentPage';
import { textOf, type FieldDefinition, type FormValues } from './form/types';

/** The goal form (spec §3 Goal; §5: title and short title required on add, and the mobile title too on edit). */
export function goalFields(goal?: AdminGoalView): FieldDefinition[] {
  const editing = Boolean(goal);
  return [
    { id: 'title', label: 'Title*', type: 'text', required: true, value: goal?.title ?? '' },
    {
      id: 'shortTitle',
      label: 'Short Title*',
      type: 'text',
      required: true,
      value: goal?.shortTitle ?? '',
      helpText: 'Shown where space is short (the goal filter, the challenge).',
    },
    {
      id: 'mobileTitle',
      label: editing ? 'Mobile Title*' : 'Mobile Title',
      type: 'text',
      required: editing,
      value: goal?.mobileTitle ?? '',
      helpText: 'Shown on phones.',
    },
    { id: 'desc', label: 'Description', type: 'textarea', value: goal?.desc ?? '' },
  ];
}

export function goalRequest(values: FormValues): AdminGoalRequest {
  return {
    title: textOf(values.title),
    shortTitle: textOf(values.shortTitle),
    mobileTitle: textOf(values.mobileTitle),
    desc: textOf(values.desc),
  };
}

/** The upload screens of a goal. */
export function goalFiles(id: number): LinkItem[] {
  return [
    { to: `/admin/goals/photo/${id}`, label: 'Photo' },
    { to: `/admin/goals/featured-photo/${id}`, label: 'Featured photo' },
  ];
}
