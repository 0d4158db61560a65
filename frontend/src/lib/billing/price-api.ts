import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, earlyOr } from '@/lib/api/client';
import { priceCall } from './early-checkout';
import type { PriceResult } from '@/lib/api/types';

/**
 * POST /api/charge/price: one plan's price as the server charges it ('Invalid plan id' otherwise).
 * Shared (lib, not a feature) because checkout, the PDF packages and the quiz report's offer all
 * show a price before the buyer commits. Under the billing feature's key, so that what refreshes
 * billing refreshes it. On the checkout the call may already be on its way (`early-checkout.ts`).
 */
export function getPrice(planId: string, options?: { signal?: AbortSignal }): Promise<PriceResult> {
  return earlyOr(priceCall(planId), () => api.post('/api/charge/price', { body: { planId }, signal: options?.signal }));
}

export const priceKey = (planId: string) => ['billing', 'price', planId] as const;

/** `retry: false` where a plan may not be on sale (a book's PDF): its answer is final. */
export function usePrice(planId: string, options: { retry?: boolean } = {}) {
  return useQuery(queryOptions({ queryKey: priceKey(planId), queryFn: ({ signal }) => getPrice(planId, { signal }), retry: options.retry }));
}
