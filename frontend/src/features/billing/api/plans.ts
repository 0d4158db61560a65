import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PlansResult, PriceResult } from '@/lib/api/types';
import { billingKeys } from './keys';

/** GET /api/plans: the plans on sale, cheapest first. */
export function getPlans(options?: { signal?: AbortSignal }): Promise<PlansResult> {
  return api.get('/api/plans', { signal: options?.signal });
}

export function usePlans() {
  return useQuery(queryOptions({ queryKey: billingKeys.plans(), queryFn: ({ signal }) => getPlans({ signal }) }));
}

/** POST /api/charge/price: one plan's price as the server charges it ('Invalid plan id' otherwise). */
export function getPrice(planId: string, options?: { signal?: AbortSignal }): Promise<PriceResult> {
  return api.post('/api/charge/price', { body: { planId }, signal: options?.signal });
}

export function usePrice(planId: string) {
  return useQuery(queryOptions({ queryKey: billingKeys.price(planId), queryFn: ({ signal }) => getPrice(planId, { signal }) }));
}
