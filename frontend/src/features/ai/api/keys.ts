import type { AiSummaryStatus } from './types';

export const aiKeys = {
  all: ['ai-summaries'] as const,
  list: () => [...aiKeys.all, 'list'] as const,
  detail: (id: number) => [...aiKeys.all, 'detail', id] as const,
};

/** How often a job still at work is asked about (the contract: every second). */
export const POLL_MS = 1000;

/** The list is asked again this often while one of its jobs is still at work. */
export const LIST_POLL_MS = 5000;

/** A job that will not change any more. */
export function isFinished(status: AiSummaryStatus): boolean {
  return status === 'done' || status === 'failed';
}
