import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { progressKeys } from '@/lib/progress/query-keys';
import { reviewKeys } from '@/lib/review/query-keys';
import type { Rated, Rating } from './types';

export interface RateCard {
  id: number;
  rating: Rating;
  /** The card's `reps` as the page showed it: the same rating sent twice then counts once. */
  reps: number;
}

/** POST /api/user/review/{id} */
export function rateCard({ id, rating, reps }: RateCard): Promise<Rated> {
  return api.post('/api/user/review/{id}', { params: { path: { id } }, body: { rating, reps } });
}

/**
 * Rates a card. The queue is not dropped (the page works through its batch and asks again at its
 * end); home's count and /my-progress (XP, streak) are.
 */
export function useRateCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rateCard,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reviewKeys.summary() });
      void client.invalidateQueries({ queryKey: progressKeys.report() });
    },
  });
}
