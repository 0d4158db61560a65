import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import type { SubscriptionView } from '@/lib/api/types';
import { installFakeStripe } from '../providers/fakes';

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

const subscription: SubscriptionView = {
  planId: 'monthly',
  planName: 'Premium Monthly',
  paidWith: 'card',
  status: 'active',
  periodEnd: Date.UTC(2026, 11, 24, 12),
  renews: true,
};

describe('updating the card of a subscription', () => {
  it('saves the card with Stripe.js, then the server makes it the subscription’s and says the renewal is paid', async () => {
    signIn();
    const fake = installFakeStripe();
    uninstall = fake.uninstall;
    const confirmed: unknown[] = [];
    server.use(
      http.post('/api/charge/payment-method', () => ok({ clientSecret: 'seti_9_secret_x', setupIntentId: 'seti_9' })),
      http.post('/api/charge/payment-method/confirm', async ({ request }) => {
        confirmed.push(await request.json());
        return ok({ subscription, paymentDeclined: null });
      }),
    );
    const { user } = renderApp('/account/payment-method');
    expect(await screen.findByRole('heading', { level: 1, name: 'Update your card' })).toBeInTheDocument();
    await screen.findByLabelText('Card number');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(
      await screen.findByText('Your new card is saved. Your Premium Monthly subscription is paid up and renewing; next renewal on December 24, 2026.'),
    ).toBeInTheDocument();
    expect(fake.client.confirmCardSetup).toHaveBeenCalledWith('seti_9_secret_x', { payment_method: { card: fake.card } });
    expect(confirmed).toEqual([{ setupIntentId: 'seti_9' }]);
  });

  it('shows Stripe’s message when the card cannot be saved, and the server’s when there is no card subscription', async () => {
    signIn();
    const fake = installFakeStripe({ setupError: { message: 'Your card was declined.' } });
    uninstall = fake.uninstall;
    let confirms = 0;
    server.use(
      http.post('/api/charge/payment-method', () => ok({ clientSecret: 'seti_9_secret_x', setupIntentId: 'seti_9' })),
      http.post('/api/charge/payment-method/confirm', () => {
        confirms += 1;
        return ok({ subscription, paymentDeclined: null });
      }),
    );
    const { user } = renderApp('/account/payment-method');
    await screen.findByLabelText('Card number');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(confirms).toBe(0);

    server.use(http.post('/api/charge/payment-method', () => fail(409, 'You have no subscription paid by card to update.', 'no_card_subscription')));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('You have no subscription paid by card to update.'));
  });
});
