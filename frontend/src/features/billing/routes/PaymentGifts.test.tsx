import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChargeRequest, PayPalStartRequest, QuoteRequest } from '../api/types';
import { makeCharge, makeQuote } from '@/testing/billing-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { installFakePayPal, installFakeStripe } from '../providers/fakes';

const uninstall: (() => void)[] = [];
afterEach(() => {
  for (const undo of uninstall.splice(0)) undo();
});

function fakeStripe() {
  const fake = installFakeStripe();
  uninstall.push(fake.uninstall);
  return fake;
}

function recordPayments(answer = makeCharge()) {
  const bodies: { planId: string; body: ChargeRequest }[] = [];
  server.use(
    http.post('/api/charge/process/{planId}', async ({ request, params }) => {
      bodies.push({ planId: String(params.planId), body: await request.json() });
      return ok(answer);
    }),
  );
  return bodies;
}

async function cardReady() {
  expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
}

describe('payment page: gifts', () => {
  it('asks for the gift details, not the guest e-mail, and sends them with the card payment', async () => {
    const stripe = fakeStripe();
    const payments = recordPayments(makeCharge({ chargeId: 'ch_gift', notLoggedIn: true, isPaid: false, planId: null, endPaidDate: null }));
    const { user } = renderApp('/payment/gift?gift=true');
    await cardReady();
    const details = within(screen.getByRole('group', { name: 'Gift details' }));
    // No infographics with a gift.
    expect(screen.queryByRole('radio', { name: /20 infographics/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$44.99'));
    expect(screen.getByRole('link', { name: '← Gift cards' })).toHaveAttribute('href', '/giftcard');
    // One gift by default, and the cart names no quantity for one.
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    expect(within(screen.getByRole('region', { name: 'Your order' })).queryByText(/^x \d/)).not.toBeInTheDocument();

    await user.type(details.getByLabelText('Your name'), ' Ann ');
    await user.type(details.getByLabelText("Recipient's name (optional)"), 'Bo');
    await user.type(details.getByLabelText("Recipient's email (optional)"), 'bo@example.com');
    await user.type(details.getByLabelText('Message (optional)'), 'Enjoy!');
    expect(details.getByText('6/1000 characters')).toBeInTheDocument();
    // The buyer's own e-mail may be left blank for a gift.
    expect(screen.getByLabelText('Your email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $44.99' }));

    expect(
      await screen.findByText('Thanks for purchasing a gift. Your gift details have been emailed to bo@example.com, with a copy to you.'),
    ).toBeInTheDocument();
    expect(stripe.client.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: stripe.card });
    expect(payments).toEqual([
      {
        planId: 'gift',
        body: {
          planId: 'gift',
          addInfographics: 0,
          couponCode: null,
          quantity: 1,
          email: '',
          gift: true,
          senderName: 'Ann',
          recipientName: 'Bo',
          recipientEmail: 'bo@example.com',
          recipientMsg: 'Enjoy!',
          token: 'pm_test_1',
        },
      },
    ]);
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('lets a member leave the recipient blank (the details go to the buyer)', async () => {
    signIn();
    fakeStripe();
    const payments = recordPayments(makeCharge({ isPaid: false, planId: null, endPaidDate: null }));
    const { user } = renderApp('/payment/gift');
    await cardReady();
    expect(screen.queryByLabelText('Your email')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pay $44.99' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you!' })).toBeInTheDocument();
    expect(payments[0]?.body).toMatchObject({ gift: true, email: null, senderName: '', recipientName: '', recipientEmail: '', recipientMsg: '' });
  });

  it('sends the gift details when PayPal makes the order', async () => {
    signIn();
    fakeStripe();
    const paypal = installFakePayPal();
    uninstall.push(paypal.uninstall);
    const started: PayPalStartRequest[] = [];
    server.use(
      http.post('/api/paypal/start', async ({ request }) => {
        started.push(await request.json());
        return ok({ orderId: 'ORDER-G', subscriptionId: null });
      }),
    );
    const { user } = renderApp('/payment/gift');
    await cardReady();
    await user.type(screen.getByLabelText('Your name'), 'Ann');
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await screen.findByRole('button', { name: 'Pay with PayPal' });
    await expect(paypal.options().createOrder?.()).resolves.toBe('ORDER-G');
    expect(started[0]).toEqual({
      planId: 'gift',
      addInfographics: 0,
      couponCode: null,
      quantity: 1,
      email: null,
      senderName: 'Ann',
      recipientName: '',
      recipientEmail: '',
      recipientMsg: '',
    });
  });
});

describe('payment page: several gifts', () => {
  it('takes 1 to 200 gifts, shows the quoted total and says how many were bought', async () => {
    fakeStripe();
    const quotes: QuoteRequest[] = [];
    server.use(
      http.post('/api/charge/quote', async ({ request }) => {
        const body = await request.json();
        quotes.push(body);
        return ok(makeQuote('gift', 0, 0, Number(body.quantity)));
      }),
    );
    const payments = recordPayments(makeCharge({ chargeId: 'ch_gifts', notLoggedIn: true, isPaid: false, planId: null, endPaidDate: null }));
    const { user } = renderApp('/payment/gift?gift=true');
    await cardReady();
    const quantity = screen.getByLabelText('Quantity');
    expect(screen.getByText('From 1 to 200 gifts, $44.99 each. Each gift is a code of its own, a year of Premium for one person.')).toBeInTheDocument();

    for (const refused of ['0', '201']) {
      await user.clear(quantity);
      await user.type(quantity, refused);
      await user.click(screen.getByRole('button', { name: /^Pay/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a quantity from 1 to 200.');
    }
    expect(payments).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '3');
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$134.97'));
    expect(quotes.at(-1)).toEqual({ planId: 'gift', addInfographics: 0, couponCode: null, quantity: 3 });
    const cart = within(screen.getByRole('region', { name: 'Your order' }));
    expect(cart.getByText('x 3')).toBeInTheDocument();
    expect(cart.getByText('One payment. Each of the 3 gift codes gives a year of Premium and never expires.')).toBeInTheDocument();

    await user.type(screen.getByLabelText("Recipient's email (optional)"), 'bo@example.com');
    await user.click(screen.getByRole('button', { name: 'Pay $134.97' }));
    expect(
      await screen.findByText('Thanks for purchasing 3 gifts. Your gift details have been emailed to bo@example.com, with a copy to you.'),
    ).toBeInTheDocument();
    expect(payments[0]?.body).toMatchObject({ planId: 'gift', quantity: 3, gift: true, recipientEmail: 'bo@example.com' });
  });

  it('says several gifts without a recipient went to the buyer', async () => {
    signIn();
    fakeStripe();
    recordPayments(makeCharge({ isPaid: false, planId: null, endPaidDate: null }));
    const { user } = renderApp('/payment/gift?quantity=2');
    await cardReady();
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$89.98'));
    await user.click(screen.getByRole('button', { name: 'Pay $89.98' }));
    expect(await screen.findByText('Thanks for purchasing 2 gifts. Your gift details have been emailed to you.')).toBeInTheDocument();
  });

  it('offers no quantity for a subscription, lifetime, a book or a quiz', async () => {
    signIn();
    fakeStripe();
    for (const planId of ['monthly', 'lifetime', 'book-7', 'quiz-results']) {
      const { unmount } = renderApp(`/payment/${planId}`);
      await cardReady();
      expect(screen.queryByLabelText('Quantity'), planId).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Number of seats'), planId).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('payment page: team seats', () => {
  it('takes the seats from the link, quotes them and sends the quantity', async () => {
    signIn();
    fakeStripe();
    const quotes: QuoteRequest[] = [];
    server.use(
      http.post('/api/charge/quote', async ({ request }) => {
        const body = await request.json();
        quotes.push(body);
        return ok(makeQuote('bulk', 0, 0, Number(body.quantity)));
      }),
    );
    const payments = recordPayments(makeCharge({ isPaid: false, planId: null, endPaidDate: null }));
    const { user } = renderApp('/payment/bulk?quantity=25');
    await cardReady();
    const seats = screen.getByLabelText('Number of seats');
    expect(seats).toHaveValue(25);
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$749.75'));
    expect(quotes[0]).toEqual({ planId: 'bulk', addInfographics: 0, couponCode: null, quantity: 25 });
    expect(within(screen.getByRole('region', { name: 'Your order' })).getByText('25 seats')).toBeInTheDocument();

    await user.clear(seats);
    await user.type(seats, '12');
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a quantity >= 20');
    expect(payments).toEqual([]);

    await user.clear(seats);
    await user.type(seats, '30');
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$899.70'));
    await user.click(screen.getByRole('button', { name: 'Pay $899.70' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your team seats are ready' })).toBeInTheDocument();
    expect(payments[0]?.body).toMatchObject({ planId: 'bulk', quantity: 30, email: null });
    expect(payments[0]?.body.gift).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Manage your team' })).toHaveAttribute('href', '/teams/manage');
  });

  it('starts at 20 seats without a quantity, and a guest is asked to sign up to manage them', async () => {
    fakeStripe();
    recordPayments(makeCharge({ chargeId: 'ch_team', notLoggedIn: true, isPaid: false, planId: null, endPaidDate: null }));
    const { user } = renderApp('/payment/bulk');
    await cardReady();
    expect(screen.getByLabelText('Number of seats')).toHaveValue(20);
    await user.type(screen.getByLabelText('Your email'), 'boss@example.com');
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$599.80'));
    await user.click(screen.getByRole('button', { name: 'Pay $599.80' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! One more step' })).toBeInTheDocument();
    expect(screen.getByText(/20 team seats are paid for/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?chargeId=ch_team');
    expect(window.sessionStorage.getItem('chargeId')).toBe('ch_team');
  });
});
