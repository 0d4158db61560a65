import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GoalsResult } from './types';

/**
 * GET /api/goals: the goals, and for a signed-in member the goals and the plan they saved
 * (`userGoals`, `userBookRecommendations`; both empty for visitors and members without a plan).
 * Public; the bearer token goes with it when there is one.
 */
export function getGoals(options?: { signal?: AbortSignal }): Promise<GoalsResult> {
  return api.get('/api/goals', { signal: options?.signal });
}

export const challengeKeys = {
  all: ['challenge'] as const,
  /** The answer differs for a visitor and a member: not one cache entry for both. */
  goals: (signedIn: boolean) => [...challengeKeys.all, 'goals', { signedIn }] as const,
};

export const challengeGoalsQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: challengeKeys.goals(signedIn),
    queryFn: ({ signal }) => getGoals({ signal }),
    // The member's saved plan and its done days change as they read: asked again on every visit.
    staleTime: 0,
  });

export function useChallengeGoals(signedIn: boolean) {
  return useQuery(challengeGoalsQueryOptions(signedIn));
}
