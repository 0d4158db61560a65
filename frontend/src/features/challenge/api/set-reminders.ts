import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GoalsResult, RemindersSetting } from './types';
import { challengeKeys } from './get-goals';

/**
 * PUT /api/user/ten-day-challenge/reminders {reminders}: the saved plan's daily reminder mails (8:00
 * in the member's timezone, on each day of the plan) on or off. Members only (401 notLoggedIn
 * otherwise); 400 'Please create a plan first.' without a saved plan.
 */
export function setReminders(body: RemindersSetting): Promise<RemindersSetting> {
  return api.put('/api/user/ten-day-challenge/reminders', { body });
}

const REMINDERS_KEY = ['challenge', 'reminders'] as const;

/**
 * Turns the reminders on or off at once in the member's cached goals (GET /api/goals), puts them back
 * when the server refuses, and asks GET /api/goals again once the last change is answered. A change
 * answered while another is still on its way leaves the box as the member last set it.
 */
export function useSetReminders() {
  const queryClient = useQueryClient();
  const goalsKey = challengeKeys.goals(true);
  const onlyChange = () => queryClient.isMutating({ mutationKey: REMINDERS_KEY }) === 1;
  return useMutation({
    mutationKey: REMINDERS_KEY,
    mutationFn: setReminders,
    onMutate: async ({ reminders }) => {
      await queryClient.cancelQueries({ queryKey: goalsKey });
      const previous = queryClient.getQueryData<GoalsResult>(goalsKey);
      queryClient.setQueryData<GoalsResult>(goalsKey, (current) => (current ? { ...current, reminders } : current));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData<GoalsResult>(goalsKey, context.previous);
    },
    onSuccess: (result) => {
      if (!onlyChange()) return;
      queryClient.setQueryData<GoalsResult>(goalsKey, (current) => (current ? { ...current, reminders: result.reminders } : current));
    },
    onSettled: () => (onlyChange() ? queryClient.invalidateQueries({ queryKey: challengeKeys.all }) : undefined),
  });
}
