import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AffiliateResult } from './types';

/**
 * GET /api/affiliate: the member's affiliate record (null: never applied), with the link and the
 * figures once approved. Signed out: 401 notLoggedIn.
 */
export function getAffiliate(options?: { signal?: AbortSignal }): Promise<AffiliateResult> {
  return api.get('/api/affiliate', { signal: options?.signal });
}

export const affiliateKeys = {
  all: ['affiliate'] as const,
  current: () => [...affiliateKeys.all, 'current'] as const,
};

export const affiliateQueryOptions = () =>
  queryOptions({
    queryKey: affiliateKeys.current(),
    queryFn: ({ signal }) => getAffiliate({ signal }),
  });

export function useAffiliate(options: { enabled?: boolean } = {}) {
  return useQuery({ ...affiliateQueryOptions(), enabled: options.enabled ?? true });
}
