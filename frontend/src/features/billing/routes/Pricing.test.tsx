import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@/testing/billing-data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('pricing', () => {
  it('lists monthly, yearly and lifetime with the prices the server gives, and links each to its checkout', async () => {
    server.use(http.get('/api/plans', () => ok({ plans: PLANS.map((plan) => (plan.id === 'yearly' ? { ...plan, price: 4999 } : plan)) })));
    renderApp('/pricing');
    const plans = await screen.findByRole('list', { name: 'Plans' });
    const items = within(plans).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual(['Premium Monthly', 'Premium Yearly', 'Premium Lifetime']);
    // Gift, bulk and quiz plans are not sold here.
    expect(within(screen.getByRole('main')).queryByText(/Team seat|Gift|quiz results/)).not.toBeInTheDocument();

    const [monthly, yearly, lifetime] = items.map((item) => within(item));
    expect(monthly.getByTestId('price-monthly')).toHaveTextContent('$9.99');
    expect(monthly.getByText('/month')).toBeInTheDocument();
    expect(monthly.getByText('3-day free trial')).toBeInTheDocument();
    expect(monthly.getByRole('link', { name: 'Start free trial with Premium Monthly' })).toHaveAttribute('href', '/payment/monthly');

    expect(yearly.getByTestId('price-yearly')).toHaveTextContent('$49.99');
    expect(yearly.getByText('3-day free trial')).toBeInTheDocument();
    expect(yearly.getByText('Save 58%')).toBeInTheDocument();
    expect(yearly.getByRole('link', { name: 'Start free trial with Premium Yearly' })).toHaveAttribute('href', '/payment/yearly');

    expect(lifetime.getByTestId('price-lifetime')).toHaveTextContent('$149.99');
    expect(lifetime.queryByText(/free trial/)).not.toBeInTheDocument();
    expect(lifetime.getByRole('link', { name: 'Buy lifetime access with Premium Lifetime' })).toHaveAttribute('href', '/payment/lifetime');

    expect(screen.queryByText('You have used up your free summaries')).not.toBeInTheDocument();
  });

  it('shows the claimed offer: its prices after the offer with the old ones struck through, and keeps it for checkout', async () => {
    server.use(http.get('/api/offer', () => ok({ offer: { code: 'SPRING40', percentOff: 40, amountOff: 0, endsAt: null, planIds: ['lifetime', 'yearly'] } })));
    renderApp('/pricing?offer=SPRING40');
    expect(await screen.findByText('40% off with coupon SPRING40: checkout applies it for you.')).toBeInTheDocument();
    const plans = await screen.findByRole('list', { name: 'Plans' });
    const [monthly, yearly, lifetime] = within(plans)
      .getAllByRole('listitem')
      .map((item) => within(item));
    expect(lifetime.getByTestId('price-lifetime')).toHaveTextContent('now $89.99');
    expect(lifetime.getByText('$149.99').closest('s')).not.toBeNull();
    expect(yearly.getByTestId('price-yearly')).toHaveTextContent('now $35.99');
    // Not for monthly: its price stands.
    expect(monthly.getByTestId('price-monthly')).toHaveTextContent(/^\$9\.99$/);
    expect(window.sessionStorage.getItem('claimedOffer')).toBe('SPRING40');
  });

  it('ignores an offer code that is not the running offer', async () => {
    renderApp('/pricing?offer=MADEUP');
    const plans = await screen.findByRole('list', { name: 'Plans' });
    expect(within(plans).getByTestId('price-lifetime')).toHaveTextContent(/^\$149\.99$/);
    expect(screen.queryByText(/checkout applies it for you/)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('claimedOffer')).toBeNull();
  });

  it('compares free and premium and answers the usual questions', async () => {
    const { user } = renderApp('/try');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unlock every book summary' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'What the free plan and Premium include' });
    expect(within(table).getByRole('columnheader', { name: 'Premium' })).toBeInTheDocument();
    const video = within(table).getByRole('row', { name: /Video summaries/ });
    expect(
      within(video)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['—Not included', '✓Included']);

    const cancel = screen.getByText('Can I cancel at any time?');
    await user.click(cancel);
    const answer = cancel.closest('details');
    expect(answer).toHaveAttribute('open');
    expect(answer).toHaveTextContent('you keep Premium until the end of the period you paid for');
    expect(within(answer!).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByText('Can I get a refund?').closest('details')).toHaveTextContent('support@gistbook.app');
    expect(screen.getByText('How can I pay?').closest('details')).toHaveTextContent('PayPal');
    expect(screen.getByText('How does the free trial work?').closest('details')).toHaveTextContent('nothing is charged during the trial');
  });

  it('draws the comparison and the questions only under the plans, so nothing moves when the plans arrive', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/plans', async () => {
        await held;
        return ok({ plans: PLANS });
      }),
    );
    renderApp('/pricing');
    expect(await screen.findByText('Loading the plans…')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'What the free plan and Premium include' })).not.toBeInTheDocument();
    expect(screen.queryByText('Can I cancel at any time?')).not.toBeInTheDocument();
    release();
    const plans = await screen.findByRole('list', { name: 'Plans' });
    const table = screen.getByRole('table', { name: 'What the free plan and Premium include' });
    expect(plans.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Can I cancel at any time?')).toBeInTheDocument();
  });

  it('still compares and answers when the plans cannot be loaded', async () => {
    server.use(http.get('/api/plans', ({ response }) => response.untyped(fail(503, 'The plans are resting.'))));
    renderApp('/pricing');
    expect(await screen.findByRole('table', { name: 'What the free plan and Premium include' })).toBeInTheDocument();
    expect(screen.getByText('The plans are resting.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Plans' })).not.toBeInTheDocument();
  });

  it('says the free summaries are used up on /pricing?limit_reached=yes', async () => {
    renderApp('/pricing?limit_reached=yes');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('You have used up your free summaries');
    expect(await screen.findByRole('list', { name: 'Plans' })).toBeInTheDocument();
  });
});

describe('pricing for a member with Premium for life', () => {
  it('says there is nothing more to buy and points to gifts', async () => {
    signIn();
    server.use(
      http.get('/api/charge/standing', () =>
        ok({
          refusal: { code: 'already_for_life', message: 'You have Premium for life already: there is nothing more to buy.' },
          replaces: [],
          trialDays: 0,
          trialUsedOn: null,
        }),
      ),
    );
    renderApp('/pricing');
    expect(await screen.findByText('You have Premium for life')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'give a year of Premium' })).toHaveAttribute('href', '/giftcard');
  });

  it('says nothing of the kind to a visitor', async () => {
    renderApp('/pricing');
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByText('You have Premium for life')).not.toBeInTheDocument();
  });
});
