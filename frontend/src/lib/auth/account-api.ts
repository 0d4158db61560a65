import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AccountResponse } from '@/lib/api/types';

/**
 * GET /api/user/account. Shared (lib, not a feature) because the account screen and the
 * category preferences screen both need the member's account.
 */
export function getAccount(options?: { signal?: AbortSignal }): Promise<AccountResponse> {
  return api.get('/api/user/account', { signal: options?.signal });
}

export const accountKeys = {
  all: ['account'] as const,
  detail: () => [...accountKeys.all, 'detail'] as const,
};

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.detail(),
    queryFn: ({ signal }) => getAccount({ signal }),
  });

export function useAccount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountQueryOptions(), enabled: options.enabled ?? true });
}
