import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayPalCompleteRequest, PayPalStartRequest, PayPalStartResult } from '../api/types';
import { makeCharge, makeSettings } from '@/testing/billing-data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { installFakePayPal } from '../providers/fakes';
import { paypalScriptUrl } from '../providers/paypal';

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

/** PayPal only, so that no card script is asked for. */
function paypalOnly() {
  server.use(http.get('/api/charge/settings', () => ok(makeSettings({ card: false, stripePublishableKey: null }))));
  const fake = installFakePayPal();
  uninstall = fake.uninstall;
  return fake;
}

function recordPayPal(
  started: PayPalStartResult = { orderId: 'ORDER-7', subscriptionId: null },
  completed = makeCharge({ planId: 'lifetime', endPaidDate: null }),
) {
  const starts: PayPalStartRequest[] = [];
  const completes: PayPalCompleteRequest[] = [];
  server.use(
    http.post('/api/paypal/start', async ({ request }) => {
      starts.push(await request.json());
      return ok(started);
    }),
    http.post('/api/paypal', async ({ request }) => {
      completes.push(await request.json());
      return ok(completed);
    }),
  );
  return { starts, completes };
}

describe('PayPal button', () => {
  it('builds the SDK address for each intent', () => {
    expect(paypalScriptUrl('https://www.paypal.com/sdk/js', 'abc', 'capture')).toBe('https://www.paypal.com/sdk/js?client-id=abc&currency=USD&intent=capture');
    expect(paypalScriptUrl('http://127.0.0.1:9/sdk/js', 'abc', 'subscription')).toBe(
      'http://127.0.0.1:9/sdk/js?client-id=abc&currency=USD&intent=subscription&vault=true',
    );
  });

  it('a one-time plan: the server makes the order, and completes it once approved', async () => {
    signIn();
    const paypal = paypalOnly();
    const calls = recordPayPal();
    renderApp('/payment/lifetime');
    expect(await screen.findByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
    const options = paypal.options();
    expect(options.createSubscription).toBeUndefined();

    let orderId = '';
    await act(async () => {
      orderId = await options.createOrder!();
    });
    expect(orderId).toBe('ORDER-7');
    expect(calls.starts).toEqual([{ planId: 'lifetime', addInfographics: 0, couponCode: null, email: null }]);

    await act(() => options.onApprove({ orderID: 'ORDER-7', payerID: 'PAYER' }));
    expect(calls.completes).toEqual([{ orderId: 'ORDER-7' }]);
    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
  });

  it('a subscription: createSubscription only, and the subscription id is completed', async () => {
    signIn();
    const paypal = paypalOnly();
    const calls = recordPayPal({ orderId: null, subscriptionId: 'I-SUB1' }, makeCharge());
    renderApp('/payment/monthly');
    await screen.findByRole('button', { name: 'Pay with PayPal' });
    const options = paypal.options();
    expect(options.createOrder).toBeUndefined();
    let id = '';
    await act(async () => {
      id = await options.createSubscription!();
    });
    expect(id).toBe('I-SUB1');
    await act(() => options.onApprove({ orderID: 'ORDER-X', subscriptionID: 'I-SUB1' }));
    expect(calls.completes).toEqual([{ subscriptionId: 'I-SUB1' }]);
    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
  });

  it("a guest must give the e-mail before PayPal's window opens; then it is sent with the order", async () => {
    const paypal = paypalOnly();
    const calls = recordPayPal({ orderId: 'ORDER-8', subscriptionId: null }, makeCharge({ chargeId: 'ch_pp', notLoggedIn: true }));
    const { user } = renderApp('/payment/lifetime');
    await screen.findByRole('button', { name: 'Pay with PayPal' });
    const options = paypal.options();
    await act(async () => {
      await expect(options.createOrder!()).rejects.toThrow();
    });
    // PayPal reports the rejection to onError: no second message.
    act(() => options.onError?.(new Error('Expected an order id to be passed')));
    expect(screen.getByRole('alert')).toHaveTextContent('Please input an email address. We will send your payment receipt to that email.');
    expect(calls.starts).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await act(async () => {
      await options.createOrder!();
    });
    expect(calls.starts[0]).toMatchObject({ planId: 'lifetime', email: 'buyer@example.com' });
    await act(() => options.onApprove({ orderID: 'ORDER-8' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! One more step' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('chargeId')).toBe('ch_pp');
  });

  it("shows the server's error when PayPal refuses, and PayPal's own failures with the spec's text", async () => {
    signIn();
    const paypal = paypalOnly();
    server.use(
      http.post('/api/paypal/start', () => ok({ orderId: 'ORDER-9', subscriptionId: null })),
      http.post('/api/paypal', () => fail(402, 'Error processing Paypal payment. Please try again.', 'paypal_not_approved')),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/payment/lifetime');
    await screen.findByRole('button', { name: 'Pay with PayPal' });
    const options = paypal.options();
    await act(() => options.onApprove({ orderID: 'ORDER-9' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error processing Paypal payment. Please try again.');
    act(() => options.onError?.(new Error('popup closed')));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('There was an error processing your PayPal payment. Please try again later.'));
    expect(screen.queryByRole('heading', { name: "You're all set" })).not.toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it('switching from card to PayPal shows the PayPal button', async () => {
    signIn();
    const paypal = installFakePayPal();
    uninstall = paypal.uninstall;
    const { user } = renderApp('/payment/yearly');
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    expect(await screen.findByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
    // The card's Pay button is hidden with the card form.
    expect(screen.queryByRole('button', { name: 'Start free trial' })).toBeNull();
  });
});
