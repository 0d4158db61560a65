import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ReferralsResult } from './types';

/**
 * GET /api/user/refers: the member's referral id, their link (the absolute URL of /r/{rId}) and
 * what it brought (people referred, how many pay, the cents credited). Signed out: 401 notLoggedIn.
 */
export function getReferrals(options?: { signal?: AbortSignal }): Promise<ReferralsResult> {
  return api.get('/api/user/refers', { signal: options?.signal });
}

export const referralKeys = {
  all: ['referral'] as const,
  refers: () => [...referralKeys.all, 'refers'] as const,
};

export const referralsQueryOptions = () =>
  queryOptions({
    queryKey: referralKeys.refers(),
    queryFn: ({ signal }) => getReferrals({ signal }),
  });

export function useReferrals() {
  return useQuery(referralsQueryOptions());
}
