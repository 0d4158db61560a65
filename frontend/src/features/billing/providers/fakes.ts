import { vi } from 'vitest';
import type { PayPalButtonsOptions } from './paypal';
import { resetStripeClients, type StripeClient, type StripeError, type StripePaymentIntentAnswer } from './stripe';

/**
 * A stand-in for Stripe.js in jsdom tests: `window.Stripe` as the page would find it, recording
 * what the checkout asks of it. Answers are set per test.
 */
export function installFakeStripe(answers: { paymentMethodError?: StripeError; action?: StripePaymentIntentAnswer; setupError?: StripeError } = {}) {
  const card = {
    mount: vi.fn((target: HTMLElement | string) => {
      if (typeof target === 'string') return;
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Card number');
      target.appendChild(input);
    }),
    on: vi.fn(),
    focus: vi.fn(),
    destroy: vi.fn(),
  };
  const client = {
    elements: vi.fn(() => ({ create: vi.fn(() => card) })),
    createPaymentMethod: vi.fn((): Promise<{ paymentMethod?: { id: string }; error?: StripeError }> =>
      Promise.resolve(answers.paymentMethodError ? { error: answers.paymentMethodError } : { paymentMethod: { id: 'pm_test_1' } }),
    ),
    confirmCardPayment: vi.fn(() => Promise.resolve(answers.action ?? { paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
    confirmCardSetup: vi.fn((): Promise<{ setupIntent?: { id: string; status: string }; error?: StripeError }> =>
      Promise.resolve(answers.setupError ? { error: answers.setupError } : { setupIntent: { id: 'seti_1', status: 'succeeded' } }),
    ),
  } satisfies StripeClient;
  const constructor = vi.fn(() => client);
  window.Stripe = constructor;
  return {
    constructor,
    client,
    card,
    uninstall: () => {
      delete window.Stripe;
      resetStripeClients();
    },
  };
}

/**
 * A stand-in for PayPal's SDK in jsdom tests: `window.paypal.Buttons` keeps the options the page
 * passed and renders one "Pay with PayPal" button that does nothing by itself; tests call the
 * options (createOrder, onApprove...) as PayPal's window would.
 */
export function installFakePayPal() {
  const rendered: PayPalButtonsOptions[] = [];
  const close = vi.fn(() => Promise.resolve());
  window.paypal = {
    Buttons: (options: PayPalButtonsOptions) => ({
      render: (target: HTMLElement | string) => {
        if (typeof target !== 'string') {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Pay with PayPal';
          target.appendChild(button);
          rendered.push(options);
        }
        return Promise.resolve();
      },
      close,
    }),
  };
  return {
    /** The options of the button rendered last. */
    options: (): PayPalButtonsOptions => {
      const last = rendered.at(-1);
      if (!last) throw new Error('no PayPal button was rendered');
      return last;
    },
    rendered,
    close,
    uninstall: () => {
      delete window.paypal;
    },
  };
}
