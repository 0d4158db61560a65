import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RecoveryCodesResult, TwoFactorCodeRequest } from './types';
import { twoFactorKeys } from './get-two-factor';

/** POST /api/user/two-factor/enable {code}: turns it on; answers the ten recovery codes, shown only now. */
export function enableTwoFactor(body: TwoFactorCodeRequest): Promise<RecoveryCodesResult> {
  return api.post('/api/user/two-factor/enable', { body });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'two-factor', 'enable'],
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
