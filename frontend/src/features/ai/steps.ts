import type { AiSummaryStatus } from './api/types';

export type SourceKind = 'url' | 'file';

/** The steps a job goes through: a link is fetched first, a file is not. */
export function stepsFor(kind: SourceKind): Exclude<AiSummaryStatus, 'failed'>[] {
  return kind === 'url' ? ['queued', 'fetching', 'extracting', 'summarising', 'done'] : ['queued', 'extracting', 'summarising', 'done'];
}

export const STEP_LABELS: Record<Exclude<AiSummaryStatus, 'failed'>, string> = {
  queued: 'Queued',
  fetching: 'Fetching the page',
  extracting: 'Extracting the text',
  summarising: 'Summarising',
  done: 'Done',
};

/** The status as "My summaries" shows it. */
export const STATUS_LABELS: Record<AiSummaryStatus, string> = {
  queued: 'Queued',
  fetching: 'Fetching',
  extracting: 'Extracting',
  summarising: 'Summarising',
  done: 'Done',
  failed: 'Failed',
};

/** A summary's source is a link when it starts with http:// or https://, else a file's name. */
export function sourceKind(source: string): SourceKind {
  return /^https?:\/\//i.test(source) ? 'url' : 'file';
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** `2025-03-04T10:00:00Z` → `Mar 4, 2025` (the text as it came when it is not a date). */
export function formatCreated(createdAt: string): string {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? createdAt : DATE.format(ms);
}

/** What to call a summary: its title, else its source. */
export function summaryName(summary: { title: string; source: string }): string {
  return summary.title.trim() || summary.source;
}
