import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AiSummaryDetail } from './types';
import { aiKeys, isFinished, POLL_MS } from './keys';

/**
 * GET /api/ai/summaries/{id}: one of the member's summaries with its sections (empty until done).
 * 404 for another member's or a deleted summary.
 */
export function getSummary(id: number, options?: { signal?: AbortSignal }): Promise<{ summary: AiSummaryDetail }> {
  return api.get('/api/ai/summaries/{id}', { params: { path: { id } }, signal: options?.signal });
}

/** The summary, asked about every second until its job is done or failed. */
export const aiSummaryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: aiKeys.detail(id),
    queryFn: ({ signal }) => getSummary(id, { signal }),
    staleTime: (query) => (query.state.data && isFinished(query.state.data.summary.status) ? 30_000 : 0),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const summary = query.state.data?.summary;
      return summary && isFinished(summary.status) ? false : POLL_MS;
    },
  });

export function useAiSummary(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...aiSummaryQueryOptions(id), enabled: options.enabled ?? true });
}
