import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import type { TwoFactorCodeRequest } from './types';
import { twoFactorKeys } from './get-two-factor';

/** POST /api/user/two-factor/disable {code}: a current app code or a recovery code. */
export function disableTwoFactor(body: TwoFactorCodeRequest): Promise<EmptyResult> {
  return api.post('/api/user/two-factor/disable', { body });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'two-factor', 'disable'],
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
