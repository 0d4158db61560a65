import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { TenDayPlan } from '@/lib/api/types';
import type { TenDayChallengeRequest } from './types';

/**
 * POST /api/user/ten-day-challenge {goals, email}: ten books for the goals, one a day, also mailed
 * to `email`. Public (the bearer token goes with it when there is one). 400 with the reason (no
 * goal or no e-mail, more than two goals, a bad address, an unknown goal), 429 after too many plans
 * for the address in a day.
 */
export function createPlan(body: TenDayChallengeRequest): Promise<TenDayPlan> {
  return api.post('/api/user/ten-day-challenge', { body });
}

/** Makes a plan; nothing is stored on the server until it is saved. */
export function useCreatePlan() {
  return useMutation({
    mutationKey: ['challenge', 'create'],
    mutationFn: createPlan,
  });
}
