import { loadScript } from './load-script';

/**
 * The part of Stripe.js (https://docs.stripe.com/js) the checkout uses: a card Element, a
 * PaymentMethod from it, and the 3-D Secure step. The local stand-in (`crates/stand-ins`) serves
 * the same subset.
 */
export interface StripeError {
  type?: string;
  code?: string;
  message?: string;
}

export interface StripeCardChange {
  complete: boolean;
  empty: boolean;
  error?: StripeError;
}

export interface StripeCardElement {
  mount(target: HTMLElement | string): void;
  on(event: 'change', handler: (event: StripeCardChange) => void): unknown;
  on(event: 'ready', handler: () => void): unknown;
  focus(): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'card', options?: { style?: Record<string, unknown>; hidePostalCode?: boolean }): StripeCardElement;
}

export interface StripePaymentIntentAnswer {
  paymentIntent?: { id: string; status: string };
  error?: StripeError;
}

export interface StripeClient {
  elements(options?: Record<string, unknown>): StripeElements;
  createPaymentMethod(data: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: { email?: string };
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  /**
   * Completes a PaymentIntent's next action (3-D Secure) and confirms it; every intent we make
   * confirms automatically (Stripe.js refuses `handleCardAction` for those).
   */
  confirmCardPayment(clientSecret: string): Promise<StripePaymentIntentAnswer>;
  /**
   * Saves the Element's card for later payments (a subscription's new card); without `data`,
   * authenticates the card a SetupIntent holds already (a trial's card asking for 3-D Secure).
   */
  confirmCardSetup(
    clientSecret: string,
    data?: { payment_method: { card: StripeCardElement } },
  ): Promise<{ setupIntent?: { id: string; status: string }; error?: StripeError }>;
}

export type StripeConstructor = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

const clients = new Map<string, StripeClient>();

/**
 * Stripe.js from `jsUrl` (the server's `stripeJsUrl`, which its Content-Security-Policy allows),
 * unless the page already has it, and one client per publishable key.
 */
export async function loadStripe(jsUrl: string, publishableKey: string): Promise<StripeClient> {
  const known = clients.get(publishableKey);
  if (known) return known;
  if (!window.Stripe) await loadScript(jsUrl);
  if (!window.Stripe) throw new Error('Stripe.js did not start.');
  const client = window.Stripe(publishableKey);
  clients.set(publishableKey, client);
  return client;
}

/** For tests: forget the clients made so far. */
export function resetStripeClients(): void {
  clients.clear();
}
