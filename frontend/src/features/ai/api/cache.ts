import type { QueryClient } from '@tanstack/react-query';
import type { AiSummary, AiSummaryDetail } from './types';
import { aiKeys } from './keys';

/** A job just started: known at once (no sections yet), on top of "My summaries", which is asked again. */
export function rememberStarted(queryClient: QueryClient, summary: AiSummary): Promise<void> {
  queryClient.setQueryData<{ summary: AiSummaryDetail }>(aiKeys.detail(summary.id), { summary: { ...summary, sections: [] } });
  queryClient.setQueryData<{ summaries: AiSummary[] }>(aiKeys.list(), (current) =>
    current ? { summaries: [summary, ...current.summaries.filter((entry) => entry.id !== summary.id)] } : current,
  );
  return queryClient.invalidateQueries({ queryKey: aiKeys.list() });
}
