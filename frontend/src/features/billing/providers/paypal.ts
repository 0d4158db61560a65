import { loadScript, unloadScript } from './load-script';

/**
 * The part of PayPal's JS SDK (https://developer.paypal.com/sdk/js/reference/) the checkout uses:
 * the PayPal button. The local stand-in (`crates/stand-ins`) serves the same subset.
 */
export interface PayPalApproval {
  orderID?: string;
  subscriptionID?: string | null;
  payerID?: string | null;
}

export interface PayPalButtonsOptions {
  style?: {
    layout?: 'vertical' | 'horizontal';
    color?: 'gold' | 'blue' | 'silver' | 'white' | 'black';
    shape?: 'rect' | 'pill';
    label?: string;
    height?: number;
  };
  createOrder?: () => Promise<string>;
  createSubscription?: () => Promise<string>;
  onApprove: (data: PayPalApproval) => Promise<void>;
  onCancel?: (data: { orderID?: string }) => void;
  onError?: (error: unknown) => void;
}

export interface PayPalButtonsInstance {
  render(target: HTMLElement | string): Promise<void>;
  isEligible?(): boolean;
  close(): Promise<void>;
}

export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): PayPalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

/** One-time purchases capture an order; monthly and yearly plans are PayPal subscriptions. */
export type PayPalIntent = 'capture' | 'subscription';

/** `<sdk>?client-id=…&currency=USD&intent=capture`, or `…&intent=subscription&vault=true`. */
export function paypalScriptUrl(sdkUrl: string, clientId: string, intent: PayPalIntent): string {
  const query = new URLSearchParams({ 'client-id': clientId, currency: 'USD', intent });
  if (intent === 'subscription') query.set('vault', 'true');
  return `${sdkUrl}${sdkUrl.includes('?') ? '&' : '?'}${query.toString()}`;
}

const MARK = 'data-gistbook-paypal';

/**
 * The SDK for one intent. The SDK takes its options from its URL, so switching between a one-time
 * plan and a subscription replaces the script. A `window.paypal` the page had before (not loaded
 * here) is used as it is.
 */
export async function loadPayPal(url: string): Promise<PayPalNamespace> {
  const current = document.querySelector<HTMLScriptElement>(`script[${MARK}]`);
  if (!current && window.paypal) return window.paypal;
  if (current && current.getAttribute('src') !== url) {
    unloadScript(current);
    delete window.paypal;
  }
  await loadScript(url, { [MARK]: '' });
  if (!window.paypal) throw new Error('The PayPal script did not start.');
  return window.paypal;
}
