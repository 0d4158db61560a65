import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { getReferralId } from '@/lib/storage';
import type { ConfirmSignInRequest, OAuthCallbackResponse, OAuthUrlResponse } from './types';

export type OAuthProvider = 'google' | 'apple' | 'linkedin' | 'facebook';

const PROVIDERS: readonly OAuthProvider[] = ['google', 'apple', 'linkedin', 'facebook'];

export function isOAuthProvider(value: string | null): value is OAuthProvider {
  return value !== null && (PROVIDERS as readonly string[]).includes(value);
}

const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple', linkedin: 'LinkedIn', facebook: 'Facebook' };

/** The provider's name as people write it. */
export function providerName(provider: OAuthProvider): string {
  return PROVIDER_NAMES[provider];
}

// Google and Apple live under /login/oauth, LinkedIn and Facebook under /oauth (spec §7).

/** GET /api/{provider}/login/oauth?origin=login&redirect=... → the provider's URL. */
export function getOAuthUrl({ provider, redirect }: { provider: OAuthProvider; redirect: string }): Promise<OAuthUrlResponse> {
  const query = { origin: 'login', redirect };
  if (provider === 'google') return api.get('/api/google/login/oauth', { params: { query }, skipRefresh: true });
  if (provider === 'apple') return api.get('/api/apple/login/oauth', { params: { query }, skipRefresh: true });
  return api.get('/api/{provider}/oauth', { params: { path: { provider }, query }, skipRefresh: true });
}

export function useOAuthUrl() {
  return useMutation({ mutationKey: ['auth', 'oauth-url'], mutationFn: getOAuthUrl });
}

/** GET /api/{provider}/login/oauth/callback?code=...&state=... → a token and the user, or the two-factor challenge. */
export function exchangeOAuthCode({
  provider,
  code,
  state,
  timezone,
}: {
  provider: OAuthProvider;
  code: string;
  /** The `state` the provider sent back; the server checks it is one it started. */
  state: string;
  timezone: string;
}): Promise<OAuthCallbackResponse> {
  // A new account made by this sign-in is the referral of the link the visitor arrived through.
  const rId = getReferralId();
  const query = { code, state, timezone, ...(rId ? { rId } : {}) };
  const options = { skipRefresh: true, token: null };
  if (provider === 'google') return api.get('/api/google/login/oauth/callback', { params: { query }, ...options });
  if (provider === 'apple') return api.get('/api/apple/login/oauth/callback', { params: { query }, ...options });
  return api.get('/api/{provider}/oauth/callback', { params: { path: { provider }, query }, ...options });
}

export function useOAuthCallback() {
  return useMutation({ mutationKey: ['auth', 'oauth-callback'], mutationFn: exchangeOAuthCode });
}

/**
 * POST /api/oauth/confirm {code, rId}: the link mailed to an address the provider did not vouch
 * for finishes that sign-in, in the browser that began it (the server's cookie says which).
 */
export function confirmSignInByMail(code: string): Promise<OAuthCallbackResponse> {
  const rId = getReferralId();
  const body: ConfirmSignInRequest = { code, ...(rId ? { rId } : {}) };
  return api.post('/api/oauth/confirm', { body, skipRefresh: true, token: null });
}

export function useConfirmSignInByMail() {
  return useMutation({ mutationKey: ['auth', 'oauth-confirm'], mutationFn: confirmSignInByMail });
}
