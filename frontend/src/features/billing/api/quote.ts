import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, earlyOr } from '@/lib/api/client';
import { quoteCall } from '@/lib/billing/early-checkout';
import type { CouponRequest, CouponResult, QuoteRequest, QuoteResult } from './types';
import { billingKeys } from './keys';

/**
 * POST /api/charge/quote: what a basket costs; checkout charges the same computation. The
 * checkout's first quote may already be on its way (`early-checkout.ts`).
 */
export function getQuote(basket: QuoteRequest, options?: { signal?: AbortSignal }): Promise<QuoteResult> {
  return earlyOr(quoteCall(basket), () => api.post('/api/charge/quote', { body: basket, signal: options?.signal }));
}

/** The total the page shows, fetched again whenever a choice changes (the last one stays meanwhile). */
export function useQuote(basket: QuoteRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.quote(basket),
    queryFn: ({ signal }) => getQuote(basket, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** POST /api/charge/coupon: the coupon's percentage off, or the server's reason it does not apply. */
export function checkCoupon(body: CouponRequest): Promise<CouponResult> {
  return api.post('/api/charge/coupon', { body });
}

export function useCheckCoupon() {
  return useMutation({ mutationKey: ['billing', 'coupon'], mutationFn: checkCoupon });
}
