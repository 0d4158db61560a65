import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PaymentSettings } from './types';
import { billingKeys } from './keys';

/** GET /api/charge/settings: card and PayPal on or off, their keys and script URLs, test mode. */
export function getPaymentSettings(options?: { signal?: AbortSignal }): Promise<PaymentSettings> {
  return api.get('/api/charge/settings', { signal: options?.signal });
}

export function usePaymentSettings() {
  return useQuery(queryOptions({ queryKey: billingKeys.settings(), queryFn: ({ signal }) => getPaymentSettings({ signal }), staleTime: 5 * 60_000 }));
}
