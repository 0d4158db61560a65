import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RecoveryCodesResult, TwoFactorCodeRequest } from './types';
import { twoFactorKeys } from './get-two-factor';

/** POST /api/user/two-factor/recovery-codes {code}: ten new recovery codes; the old ones stop working. */
export function renewRecoveryCodes(body: TwoFactorCodeRequest): Promise<RecoveryCodesResult> {
  return api.post('/api/user/two-factor/recovery-codes', { body });
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'two-factor', 'recovery-codes'],
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
