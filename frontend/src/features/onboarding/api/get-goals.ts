import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GoalView } from '@/lib/api/types';

/** GET /api/goals (public): the goals to pick from in step 1 (the member's saved plan is not needed here). */
export function getGoals(options?: { signal?: AbortSignal }): Promise<GoalView[]> {
  return api.get('/api/goals', { signal: options?.signal }).then((result) => result.goals);
}

export const onboardingKeys = {
  all: ['onboarding'] as const,
  goals: () => [...onboardingKeys.all, 'goals'] as const,
  covers: () => [...onboardingKeys.all, 'covers'] as const,
  plan: (goals: readonly number[], categories: readonly number[]) => [...onboardingKeys.all, 'plan', { goals, categories }] as const,
};

export const onboardingGoalsQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.goals(),
    queryFn: ({ signal }) => getGoals({ signal }),
    staleTime: 5 * 60_000,
  });

export function useOnboardingGoals() {
  return useQuery(onboardingGoalsQueryOptions());
}
