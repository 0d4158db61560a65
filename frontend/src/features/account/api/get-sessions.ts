import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SessionsResult } from './types';

export const sessionListKeys = {
  all: ['account', 'sessions'] as const,
  list: () => [...sessionListKeys.all, 'list'] as const,
};

/** GET /api/user/sessions: the member's signed-in sessions, most recently used first. */
export function getSessions(options?: { signal?: AbortSignal }): Promise<SessionsResult> {
  return api.get('/api/user/sessions', { signal: options?.signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionListKeys.list(),
    queryFn: ({ signal }) => getSessions({ signal }),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
