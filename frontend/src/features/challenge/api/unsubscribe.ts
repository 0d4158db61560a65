import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { UnsubscribeRequest } from './types';
import { challengeKeys } from './get-goals';

/**
 * POST /api/ten-day-challenge/unsubscribe {token}: the reminder mail's link turns the plan's
 * reminders off. Public: the token says whose plan, so no bearer token goes with it and a lost
 * session does not matter. 404 'This link is no longer valid.'.
 */
export function unsubscribe(body: UnsubscribeRequest): Promise<Record<string, never>> {
  return api.post('/api/ten-day-challenge/unsubscribe', { body, token: null, skipRefresh: true });
}

/** Turns the reminders off; a member's cached goals (their `reminders`) are asked for again. */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['challenge', 'unsubscribe'],
    mutationFn: unsubscribe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}
