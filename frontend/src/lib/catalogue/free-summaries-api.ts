import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { FreeSummariesResult } from '@/lib/api/types';
import { catalogueKeys } from './query-keys';

/** GET /api/free-summaries: a free member's count (null for a paid member). */
export function getFreeSummaries(options?: { signal?: AbortSignal }): Promise<FreeSummariesResult> {
  return api.get('/api/free-summaries', { signal: options?.signal });
}

/** The signed-in member's free summaries, for the account menu (asked only while `enabled`). */
export function useFreeSummaries(enabled: boolean) {
  return useQuery({ queryKey: catalogueKeys.freeSummaries(), queryFn: ({ signal }) => getFreeSummaries({ signal }), enabled, staleTime: 60_000 });
}
