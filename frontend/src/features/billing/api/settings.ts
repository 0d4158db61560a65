import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, earlyOr } from '@/lib/api/client';
import { paymentSettingsCall } from '@/lib/billing/early-checkout';
import type { PaymentSettings } from './types';
import { billingKeys } from './keys';

/**
 * GET /api/charge/settings: card and PayPal on or off, their keys and script URLs, test mode. On
 * the checkout the call may already be on its way (`early-checkout.ts`).
 */
export function getPaymentSettings(options?: { signal?: AbortSignal }): Promise<PaymentSettings> {
  return earlyOr(paymentSettingsCall, () => api.get('/api/charge/settings', { signal: options?.signal }));
}

export function usePaymentSettings() {
  return useQuery(queryOptions({ queryKey: billingKeys.settings(), queryFn: ({ signal }) => getPaymentSettings({ signal }), staleTime: 5 * 60_000 }));
}
