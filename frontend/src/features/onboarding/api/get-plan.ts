import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { TenDayPlan } from '@/lib/api/types';
import type { OnboardingChoices } from './types';
import { onboardingKeys } from './get-goals';

/** The choices a plan is asked for: one or two goal ids and the category ids. */
export type PlanChoices = Required<OnboardingChoices>;

/**
 * POST /api/onboarding/plan {goals, categories} (public): ten books for the goals and categories,
 * one a day, and the goals' titles. Nothing is stored and nothing is mailed. 400 'Please pick one or
 * two goals.' (none or more than two), 400 for an unknown goal.
 */
export function getOnboardingPlan(body: PlanChoices, options?: { signal?: AbortSignal }): Promise<TenDayPlan> {
  return api.post('/api/onboarding/plan', { body, signal: options?.signal });
}

/** The same choices make the same plan: asked once per choice, kept for the visit. */
export const onboardingPlanQueryOptions = (body: PlanChoices) =>
  queryOptions({
    queryKey: onboardingKeys.plan(body.goals, body.categories),
    queryFn: ({ signal }) => getOnboardingPlan(body, { signal }),
    staleTime: Infinity,
  });

export function useOnboardingPlan(body: PlanChoices, options: { enabled: boolean }) {
  return useQuery({ ...onboardingPlanQueryOptions(body), enabled: options.enabled });
}
