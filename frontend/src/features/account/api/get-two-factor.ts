import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { TwoFactorStatus } from './types';

export const twoFactorKeys = {
  all: ['account', 'two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
};

/** GET /api/user/two-factor { enabled, recoveryCodesLeft } */
export function getTwoFactor(options?: { signal?: AbortSignal }): Promise<TwoFactorStatus> {
  return api.get('/api/user/two-factor', { signal: options?.signal });
}

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: ({ signal }) => getTwoFactor({ signal }),
  });

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
