import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChargeRequest } from '../api/types';
import { makeCharge } from '@/testing/billing-data';
import { captureDownloads, PDF_BYTES, pdfResponse } from '@/testing/delivery-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { installFakePayPal, installFakeStripe } from '../providers/fakes';

const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

function setUp() {
  const stripe = installFakeStripe();
  const downloads = captureDownloads();
  undo.push(stripe.uninstall, downloads.restore);
  return { stripe, downloads };
}

describe('payment page: a single book', () => {
  it('a guest pays by card: the answer is the PDF, saved as summary.pdf, and the charge id is kept', async () => {
    const { downloads } = setUp();
    const bodies: ChargeRequest[] = [];
    server.use(
      http.post('/api/charge/process/{planId}', async ({ request }) => {
        bodies.push(await request.json());
        return pdfResponse('summary.pdf', { 'X-Charge-Id': 'ch_book_1' });
      }),
    );
    const { user } = renderApp('/payment/book-7');
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /20 infographics/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'guest@example.com');
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$4.99'));
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your summary is ready' })).toBeInTheDocument();
    expect(downloads.saved.map((d) => d.name)).toEqual(['summary.pdf']);
    expect(await downloads.saved[0].file.text()).toBe(PDF_BYTES);
    expect(bodies[0]).toMatchObject({ planId: 'book-7', email: 'guest@example.com', token: 'pm_test_1', addInfographics: 0 });
    expect(window.sessionStorage.getItem('chargeId')).toBe('ch_book_1');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?chargeId=ch_book_1');

    await user.click(screen.getByRole('button', { name: 'Download again' }));
    expect(downloads.saved.map((d) => d.name)).toEqual(['summary.pdf', 'summary.pdf']);
  });

  it('after 3-D Secure, the confirmation answers the PDF', async () => {
    signIn();
    const { stripe, downloads } = setUp();
    server.use(
      http.post('/api/charge/process/{planId}', () =>
        ok(makeCharge({ status: 'requires_action', chargeId: 'ch_3ds', clientSecret: 'pi_secret', isPaid: false })),
      ),
      http.post('/api/charge/confirm', () => pdfResponse('summary.pdf', { 'X-Charge-Id': 'ch_3ds' })),
    );
    const { user } = renderApp('/payment/book-7');
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pay $4.99' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your summary is ready' })).toBeInTheDocument();
    expect(stripe.client.confirmCardPayment).toHaveBeenCalledWith('pi_secret');
    expect(downloads.saved.map((d) => d.name)).toEqual(['summary.pdf']);
    // A member keeps it already: no sign-up links.
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('chargeId')).toBeNull();
  });

  it('with PayPal, the completion answers the PDF', async () => {
    signIn();
    const { downloads } = setUp();
    const paypal = installFakePayPal();
    undo.push(paypal.uninstall);
    let completed: unknown;
    server.use(
      http.post('/api/paypal', async ({ request }) => {
        completed = await request.json();
        return pdfResponse('summary.pdf', { 'X-Charge-Id': 'ch_pp' });
      }),
    );
    const { user } = renderApp('/payment/book-7');
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await screen.findByRole('button', { name: 'Pay with PayPal' });
    await paypal.options().onApprove?.({ orderID: 'ORDER-B' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your summary is ready' })).toBeInTheDocument();
    expect(completed).toEqual({ orderId: 'ORDER-B', planId: 'book-7' });
    expect(downloads.saved.map((d) => d.name)).toEqual(['summary.pdf']);
  });
});
