import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RecommendsResult, SavedTenDayPlan, SessionResponse } from '@/lib/api/types';
import { accountKeys } from '@/lib/auth/account-api';
import { sessionKeys } from '@/lib/auth/session-api';
import { catalogueKeys } from '@/lib/catalogue/query-keys';

/** What goes into the member's account: the categories (their `recommends`) and the plan. */
export interface CarriedChoices {
  categories: number[];
  goals: number[];
  bookIds: number[];
}

/** PUT /api/user/recommends {recommends} (members only): the categories home recommends from. */
export function saveRecommends(recommends: number[]): Promise<RecommendsResult> {
  return api.put('/api/user/recommends', { body: { recommends } });
}

/** POST /api/user/ten-day-challenge-submit {goals, bookIds} (members only): the plan becomes theirs. */
export function saveTenDayPlan(goals: number[], bookIds: number[]): Promise<SavedTenDayPlan> {
  return api.post('/api/user/ten-day-challenge-submit', { body: { goals, bookIds } });
}

/**
 * Carries the choices into the signed-in member's account, then drops what was cached from before:
 * the member (their `recommends`), the home recommendations and the ten-day challenge's goals (the
 * challenge caches them under `['challenge', ...]`; its page shows the saved plan from there).
 */
export function useCarryChoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['onboarding', 'carry'],
    // The categories first, then the plan.
    mutationFn: async (choices: CarriedChoices) => {
      const recommended = await saveRecommends(choices.categories);
      queryClient.setQueryData(accountKeys.detail(), { user: recommended.user });
      queryClient.setQueryData<SessionResponse>(sessionKeys.current(), (old) => (old ? { ...old, user: recommended.user } : old));
      return saveTenDayPlan(choices.goals, choices.bookIds);
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: catalogueKeys.home() });
      queryClient.removeQueries({ queryKey: ['challenge'] });
    },
  });
}
