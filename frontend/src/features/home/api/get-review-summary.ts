import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { reviewKeys } from '@/lib/review/query-keys';
import type { ReviewSummary } from './types';

/** GET /api/user/review/summary: how many cards today's review holds. */
export function getReviewSummary(options?: { signal?: AbortSignal }): Promise<ReviewSummary> {
  return api.get('/api/user/review/summary', { signal: options?.signal });
}

export function useReviewSummary() {
  return useQuery({
    queryKey: reviewKeys.summary(),
    queryFn: ({ signal }) => getReviewSummary({ signal }),
  });
}
