import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { LoginRequest, LoginResult, MailConfirmation, OAuthCallbackResponse, TwoFactorChallenge } from './types';

/**
 * POST /api/user/login: signed in, or (two-factor on) a challenge for the second step. Never
 * triggers the refresh rule: a 401 here means wrong credentials.
 */
export function login(body: LoginRequest): Promise<LoginResult> {
  return api.post('/api/user/login', { body, skipRefresh: true, token: null });
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}

/** Whether a login (or social callback) answer asks for the two-factor step instead of signing in. */
export function isTwoFactorChallenge(result: LoginResult | OAuthCallbackResponse): result is TwoFactorChallenge {
  return 'twoFactorRequired' in result && result.twoFactorRequired;
}

/** Whether a social sign-in waits for the link mailed to an address the provider did not vouch for. */
export function isMailConfirmation(result: OAuthCallbackResponse): result is MailConfirmation {
  return 'confirmByMail' in result && result.confirmByMail;
}
