import type { QuoteRequest } from '@/lib/api/types';

export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  price: (planId: string) => [...billingKeys.all, 'price', planId] as const,
  settings: () => [...billingKeys.all, 'settings'] as const,
  quote: (basket: QuoteRequest) => [...billingKeys.all, 'quote', basket] as const,
};
