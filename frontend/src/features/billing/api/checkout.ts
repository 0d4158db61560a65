import { api, apiFile, type FileOrResult } from '@/lib/api/client';
import type { ChargeRequest, ChargeResult, PayPalCompleteRequest, PayPalStartRequest, PayPalStartResult } from './types';
import { getReferralId } from '@/lib/storage';

/**
 * A checkout body with the referral the buyer arrived through (`rId` from `/r/{id}`, in local
 * storage) when there is one: the server credits the referrer for the payment (issue 15 §1).
 */
export function withReferral<T extends object>(body: T): T & { rId?: string } {
  const rId = getReferralId();
  return rId ? { ...body, rId } : body;
}

/** POST /api/charge/process/{planId}: pays by card with the PaymentMethod Stripe.js made. */
export function payByCard(planId: string, body: ChargeRequest): Promise<ChargeResult> {
  return api.post('/api/charge/process/{planId}', { params: { path: { planId } }, body: withReferral(body) });
}

/** POST /api/charge/confirm: after 3-D Secure, the server asks the provider whether it is paid. */
export function confirmCardPayment(chargeId: string): Promise<ChargeResult> {
  return api.post('/api/charge/confirm', { body: { chargeId } });
}

/** POST /api/paypal/start: the order (one-time plans) or subscription PayPal's window approves. */
export function startPayPal(body: PayPalStartRequest): Promise<PayPalStartResult> {
  return api.post('/api/paypal/start', { body: withReferral(body) });
}

/** POST /api/paypal: captures the approved order (or checks the subscription) and records it. */
export function completePayPal(body: PayPalCompleteRequest): Promise<ChargeResult> {
  return api.post('/api/paypal', { body: withReferral(body) });
}

/**
 * A single book's checkout answers the summary itself (a PDF, with `X-Charge-Id` for a guest to
 * attach the purchase later), or the usual JSON when 3-D Secure comes first.
 */
export function payForBookByCard(planId: string, body: ChargeRequest): Promise<FileOrResult<ChargeResult>> {
  return apiFile.post('/api/charge/process/{planId}', { params: { path: { planId } }, body: withReferral(body) });
}

/** After 3-D Secure on a single book: the PDF once the bank said yes. */
export function confirmBookPayment(chargeId: string): Promise<FileOrResult<ChargeResult>> {
  return apiFile.post('/api/charge/confirm', { body: { chargeId } });
}

/** PayPal for a single book: the capture answers the PDF. */
export function completePayPalForBook(body: PayPalCompleteRequest): Promise<FileOrResult<ChargeResult>> {
  return apiFile.post('/api/paypal', { body: withReferral(body) });
}
