import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { InfographicPurchasesResult } from './types';

export const infographicKeys = {
  all: ['infographic-purchases'] as const,
};

/** GET /api/charge/infographics: the member's purchases that came with infographics, newest first. */
export function getInfographicPurchases(options?: { signal?: AbortSignal }): Promise<InfographicPurchasesResult> {
  return api.get('/api/charge/infographics', { signal: options?.signal });
}

export function useInfographicPurchases() {
  return useQuery(queryOptions({ queryKey: infographicKeys.all, queryFn: ({ signal }) => getInfographicPurchases({ signal }) }));
}
