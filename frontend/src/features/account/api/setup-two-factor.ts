import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { TwoFactorEnrolment } from './types';

/**
 * POST /api/user/two-factor/setup: a new secret for the authenticator app. Sign-in is unchanged
 * until `enable` confirms it with a code.
 */
export function setupTwoFactor(): Promise<TwoFactorEnrolment> {
  return api.post('/api/user/two-factor/setup');
}

export function useSetupTwoFactor() {
  return useMutation({ mutationKey: ['account', 'two-factor', 'setup'], mutationFn: setupTwoFactor });
}
