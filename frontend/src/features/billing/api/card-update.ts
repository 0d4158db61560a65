import { api } from '@/lib/api/client';
import type { CardSetupResult, CardUpdateResult } from './types';

/** POST /api/charge/payment-method: a SetupIntent for the member's subscription's customer. */
export function startCardUpdate(): Promise<CardSetupResult> {
  return api.post('/api/charge/payment-method', { body: {} });
}

/** POST /api/charge/payment-method/confirm: the saved card becomes the subscription's. */
export function finishCardUpdate(setupIntentId: string): Promise<CardUpdateResult> {
  return api.post('/api/charge/payment-method/confirm', { body: { setupIntentId } });
}
