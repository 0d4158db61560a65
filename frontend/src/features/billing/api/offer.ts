import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SiteOffer, SiteOfferResult } from './types';
import { claimedOfferCode } from '@/lib/storage';
import { formatCents } from '../money';
import { billingKeys } from './keys';

/** GET /api/offer: the site's offer while one runs, or null (no banner). */
export function getSiteOffer(options?: { signal?: AbortSignal }): Promise<SiteOfferResult> {
  return api.get('/api/offer', { signal: options?.signal });
}

export function useSiteOffer() {
  return useQuery(queryOptions({ queryKey: billingKeys.offer(), queryFn: ({ signal }) => getSiteOffer({ signal }), staleTime: 5 * 60_000 }));
}

/** "40%" or "$10.00". */
export function offerAmount(offer: Pick<SiteOffer, 'percentOff' | 'amountOff'>): string {
  return offer.amountOff > 0 ? formatCents(offer.amountOff) : `${offer.percentOff}%`;
}

/** Whether the offer applies to a plan (an empty list: every plan). */
export function offerAppliesTo(offer: Pick<SiteOffer, 'planIds'>, planId: string): boolean {
  return offer.planIds.length === 0 || offer.planIds.includes(planId);
}

/**
 * A price after the offer, as the server computes it (percent rounded half up to the cent, an
 * amount never below zero). Shown on the pricing page; checkout charges the server's quote.
 */
export function priceAfterOffer(price: number, offer: Pick<SiteOffer, 'percentOff' | 'amountOff'>): number {
  if (offer.amountOff > 0) return Math.max(0, price - offer.amountOff);
  return price - Math.floor((price * offer.percentOff + 50) / 100);
}

/** The running offer when the visitor claimed it and it applies to `planId`. */
export function useClaimedOffer(planId: string | null): SiteOffer | null {
  const offer = useSiteOffer().data?.offer ?? null;
  if (!offer || !planId || claimedOfferCode() !== offer.code || !offerAppliesTo(offer, planId)) return null;
  return offer;
}
