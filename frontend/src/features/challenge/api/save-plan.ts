import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SavedTenDayPlan, TenDayChallengeSubmit } from '@/lib/api/types';
import type { GoalsResult } from './types';
import { challengeKeys } from './get-goals';

/**
 * POST /api/user/ten-day-challenge-submit {goals, bookIds}: the plan becomes the member's. Members
 * only (401 notLoggedIn otherwise); 400 'Please create a plan first.' (no or unknown books),
 * 'You can only pick two goals.'.
 */
export function savePlan(body: TenDayChallengeSubmit): Promise<SavedTenDayPlan> {
  return api.post('/api/user/ten-day-challenge-submit', { body });
}

/**
 * Saves the plan, then asks GET /api/goals again (the saved plan comes from there). Until that
 * answer, the member's cached goals already hold what the save returned, so the page shows the
 * saved plan at once.
 */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['challenge', 'save'],
    mutationFn: savePlan,
    onSuccess: async (saved) => {
      // A first GET /api/goals sent before the save may still be on its way (after logging in, the
      // page asks for it while it saves the kept plan); without data yet, an invalidation would
      // only wait for that old answer, which has no plan. Cancel it, then ask again.
      await queryClient.cancelQueries({ queryKey: challengeKeys.all });
      queryClient.setQueryData<GoalsResult>(challengeKeys.goals(true), (current) =>
        current ? { ...current, userGoals: saved.userGoals, userBookRecommendations: saved.userBookRecommendations } : current,
      );
      return queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    },
  });
}
