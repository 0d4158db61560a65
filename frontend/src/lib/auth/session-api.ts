import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SessionResponse } from '@/lib/api/types';

/**
 * GET /api/user/session. Shared (lib, not a feature) because the app shell, the token-login flow
 * and the home screen all need it.
 */
export function getSession(options?: { signal?: AbortSignal }): Promise<SessionResponse> {
  return api.get('/api/user/session', { signal: options?.signal });
}

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => getSession({ signal }),
  });

export function useSession(options: { enabled?: boolean } = {}) {
  return useQuery({ ...sessionQueryOptions(), enabled: options.enabled ?? true });
}
