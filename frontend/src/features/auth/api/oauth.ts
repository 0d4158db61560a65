import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { OAuthCallbackResponse, OAuthUrlResponse } from '@/lib/api/types';

export type OAuthProvider = 'google' | 'apple' | 'linkedin' | 'facebook';

const PROVIDERS: readonly OAuthProvider[] = ['google', 'apple', 'linkedin', 'facebook'];

export function isOAuthProvider(value: string | null): value is OAuthProvider {
  return value !== null && (PROVIDERS as readonly string[]).includes(value);
}

/** Google and Apple live under /login/oauth, LinkedIn and Facebook under /oauth (spec §7). */
function basePath(provider: OAuthProvider): string {
  return provider === 'google' || provider === 'apple' ? `/api/${provider}/login/oauth` : `/api/${provider}/oauth`;
}

/** GET /api/{provider}/login/oauth?origin=login&redirect=... → the provider's URL. */
export function getOAuthUrl({ provider, redirect }: { provider: OAuthProvider; redirect: string }): Promise<OAuthUrlResponse> {
  const query = new URLSearchParams({ origin: 'login', redirect });
  return api.get<OAuthUrlResponse>(`${basePath(provider)}?${query.toString()}`, { skipRefresh: true });
}

export function useOAuthUrl() {
  return useMutation({ mutationKey: ['auth', 'oauth-url'], mutationFn: getOAuthUrl });
}

/** GET /api/{provider}/login/oauth/callback?code=...&state=... → a token (and the user). */
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
  const query = new URLSearchParams({ code, state, timezone });
  return api.get<OAuthCallbackResponse>(`${basePath(provider)}/callback?${query.toString()}`, { skipRefresh: true, token: null });
}

export function useOAuthCallback() {
  return useMutation({ mutationKey: ['auth', 'oauth-callback'], mutationFn: exchangeOAuthCode });
}
