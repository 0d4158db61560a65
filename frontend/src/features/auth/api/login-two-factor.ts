import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AuthResponse } from '@/lib/api/types';
import type { SecondStepRequest } from './types';

/** The server's code for a challenge that expired or was used: the login starts over. */
export const CHALLENGE_EXPIRED_CODE = 'login_challenge_expired';

/**
 * POST /api/user/login/two-factor {challenge, code}: the second step of a login with two-factor on
 * (sets the refresh cookie like login). 400 `invalid_two_factor_code`, 401 `login_challenge_expired`
 * (no refresh: there is no session yet), 429 `throttled`.
 */
export function loginTwoFactor(body: SecondStepRequest): Promise<AuthResponse> {
  return api.post('/api/user/login/two-factor', { body, skipRefresh: true, token: null });
}

export function useLoginTwoFactor() {
  return useMutation({ mutationKey: ['auth', 'login-two-factor'], mutationFn: loginTwoFactor });
}
