import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { reviewKeys } from '@/lib/review/query-keys';
import type { ReviewQueue } from './types';

/** GET /api/user/review: today's next cards (a batch; the page asks again when it is used up). */
export function getReviewQueue(options?: { signal?: AbortSignal }): Promise<ReviewQueue> {
  return api.get('/api/user/review', { signal: options?.signal });
}

export function useReviewQueue() {
  return useQuery({
    queryKey: reviewKeys.queue(),
    queryFn: ({ signal }) => getReviewQueue({ signal }),
    // The page works through its batch and asks again itself; a batch kept after leaving the page
    // would hold cards rated since, so coming back always starts from the server's queue.
    staleTime: 0,
    gcTime: 0,
  });
}
