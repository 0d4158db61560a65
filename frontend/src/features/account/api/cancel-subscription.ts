import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CancelRequest, CancelResult } from './types';
import { accountKeys } from './get-account';
import { subscriptionKeys } from './get-subscription';

/** POST /api/charge/cancel {reason}: turns auto-renewal off; access lasts to the period's end. */
export function cancelSubscription(body: CancelRequest): Promise<CancelResult> {
  return api.post('/api/charge/cancel', { body });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['subscription', 'cancel'],
    mutationFn: cancelSubscription,
    onSuccess: (result) => {
      queryClient.setQueryData(subscriptionKeys.current(), { subscription: result.subscription });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
