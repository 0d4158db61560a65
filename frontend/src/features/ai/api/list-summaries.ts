import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AiSummary } from './types';
import { aiKeys, isFinished, LIST_POLL_MS } from './keys';

/** GET /api/ai/summaries: the member's summaries, newest first ("My summaries"). Paid members. */
export function listSummaries(options?: { signal?: AbortSignal }): Promise<{ summaries: AiSummary[] }> {
  return api.get('/api/ai/summaries', { signal: options?.signal });
}

export const aiSummariesQueryOptions = () =>
  queryOptions({
    queryKey: aiKeys.list(),
    queryFn: ({ signal }) => listSummaries({ signal }),
    // Jobs move on by themselves: asked again on every visit, and now and then while one works.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.summaries.some((summary) => !isFinished(summary.status)) ? LIST_POLL_MS : false),
  });

export function useAiSummaries(options: { enabled?: boolean } = {}) {
  return useQuery({ ...aiSummariesQueryOptions(), enabled: options.enabled ?? true });
}
