import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SignInOrigins } from './types';

/** GET /api/sign-in/origins: the configured providers' sign-in page origins (/goback follows only these). */
export function getSignInOrigins(options?: { signal?: AbortSignal }): Promise<SignInOrigins> {
  return api.get('/api/sign-in/origins', { signal: options?.signal, skipRefresh: true });
}

export const signInOriginsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sign-in-origins'] as const,
    queryFn: ({ signal }) => getSignInOrigins({ signal }),
    staleTime: 5 * 60 * 1000,
  });

export function useSignInOrigins() {
  return useQuery(signInOriginsQueryOptions());
}
