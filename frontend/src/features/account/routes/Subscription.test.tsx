import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '@/lib/api/types';
import { makeSubscription } from '@/testing/billing-data';
import { makeUser } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

const PERIOD_END = Date.UTC(2099, 5, 30, 12);

function serve(
  subscription: SubscriptionView | null,
  user = makeUser({ id: 1, planId: 'monthly', paidDate: Date.now() - 1000, endPaidDate: PERIOD_END, isPaid: true }),
) {
  signIn();
  server.use(
    http.get('/api/user/account', () => ok({ user })),
    http.get('/api/charge/subscription', () => ok({ subscription })),
  );
}

async function card() {
  return within(await screen.findByRole('region', { name: 'Subscription' }));
}

describe('account: the subscription card', () => {
  it('an active subscription: status, plan, renewal date, card, and a way to cancel', async () => {
    serve(makeSubscription({ status: 'active', renews: true, paidWith: 'card', periodEnd: PERIOD_END }));
    renderApp('/account');
    const subscription = await card();
    expect(await subscription.findByTestId('plan-status')).toHaveTextContent('Active');
    expect(subscription.getByTestId('plan-name')).toHaveTextContent('Premium Monthly');
    expect(subscription.getByText('Renews on June 30, 2099')).toBeInTheDocument();
    expect(subscription.getByText('Paid with card')).toBeInTheDocument();
    expect(subscription.getByRole('link', { name: 'Cancel subscription' })).toHaveAttribute('href', '/cancel');
  });

  it('a trial says when it ends', async () => {
    serve(makeSubscription({ status: 'trialing', renews: true, paidWith: 'paypal', planName: 'Premium Yearly' }));
    renderApp('/account');
    const subscription = await card();
    expect(await subscription.findByTestId('plan-status')).toHaveTextContent('Trial');
    expect(subscription.getByText('Trial ends on June 30, 2099')).toBeInTheDocument();
    expect(subscription.getByText('Paid with PayPal')).toBeInTheDocument();
    expect(subscription.getByTestId('plan-name')).toHaveTextContent('Premium Yearly');
  });

  it('a cancelled subscription ends on its date and cannot be cancelled again', async () => {
    serve(makeSubscription({ status: 'canceled', renews: false }));
    renderApp('/account');
    const subscription = await card();
    expect(await subscription.findByTestId('plan-status')).toHaveTextContent('Canceled');
    expect(subscription.getByText('Ends on June 30, 2099')).toBeInTheDocument();
    expect(subscription.queryByRole('link', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('a subscription whose last payment failed is past due', async () => {
    serve(makeSubscription({ status: 'past_due', renews: true }));
    renderApp('/account');
    const subscription = await card();
    expect(await subscription.findByTestId('plan-status')).toHaveTextContent('Past due');
    expect(subscription.getByText(/last payment did not go through/)).toBeInTheDocument();
    expect(subscription.getByText('Renews on June 30, 2099')).toBeInTheDocument();
  });

  it('lifetime (no subscription) shows Lifetime', async () => {
    serve(null, makeUser({ id: 1, planId: 'lifetime', paidDate: Date.now() - 1000, endPaidDate: null, isPaid: true }));
    renderApp('/account');
    const subscription = await card();
    expect(await subscription.findByTestId('plan-name')).toHaveTextContent('Lifetime');
    expect(subscription.getByTestId('plan-end')).toHaveTextContent('Lifetime');
    expect(subscription.getByTestId('plan-status')).toHaveTextContent('Active');
    expect(subscription.queryByRole('link', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('an unpaid member keeps the Free Plan card (and no subscription is asked for)', async () => {
    signIn();
    let asked = 0;
    server.use(
      http.get('/api/user/account', () => ok({ user: makeUser({ id: 1 }) })),
      http.get('/api/charge/subscription', () => {
        asked += 1;
        return ok({ subscription: null });
      }),
    );
    renderApp('/account');
    const subscription = await card();
    expect(await subscription.findByText('Free Plan')).toBeInTheDocument();
    expect(subscription.getByText('Upgrade to access unlimited summaries')).toBeInTheDocument();
    expect(subscription.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/try');
    expect(asked).toBe(0);
  });
});
