import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GrantsResult } from './types';

export const grantKeys = {
  all: ['grants'] as const,
};

/** GET /api/user/grants: the member's grants of Premium, live ones first. */
export function getGrants(options?: { signal?: AbortSignal }): Promise<GrantsResult> {
  return api.get('/api/user/grants', { signal: options?.signal });
}

export function useGrants() {
  return useQuery(queryOptions({ queryKey: grantKeys.all, queryFn: ({ signal }) => getGrants({ signal }) }));
}
