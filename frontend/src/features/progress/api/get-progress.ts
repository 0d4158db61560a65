import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ProgressResult } from './types';
import { progressKeys } from '@/lib/progress/query-keys';

/** GET /api/user-book-history/xp: completions, XP, streaks, awards, level and skills. */
export function getProgress(options?: { signal?: AbortSignal }): Promise<ProgressResult> {
  return api.get('/api/user-book-history/xp', { signal: options?.signal });
}

export const progressQueryOptions = () =>
  queryOptions({
    queryKey: progressKeys.report(),
    queryFn: ({ signal }) => getProgress({ signal }),
  });

export function useProgress() {
  return useQuery(progressQueryOptions());
}
