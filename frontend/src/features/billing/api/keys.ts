import { priceKey } from '@/lib/billing/price-api';
import type { QuoteRequest } from './types';

export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  price: priceKey,
  settings: () => [...billingKeys.all, 'settings'] as const,
  offer: () => [...billingKeys.all, 'offer'] as const,
  quote: (basket: QuoteRequest) => [...billingKeys.all, 'quote', basket] as const,
};

/**
 * What buying a plan means for the caller depends on who they are and what they hold: its own
 * key, outside `billing`, so a purchase or a sign-in (which refresh everything else) refresh it.
 */
export const standingKeys = {
  all: ['purchase-standing'] as const,
  plan: (planId: string) => [...standingKeys.all, planId] as const,
};
