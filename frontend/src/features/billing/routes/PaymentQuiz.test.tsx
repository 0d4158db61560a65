import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCharge } from '@/testing/billing-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { installFakeStripe } from '../providers/fakes';

const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

/** Member spec §4, Checkout: the success views of the two quiz-results plans. */
describe('payment page: the quiz results (the full report)', () => {
  for (const [planId, results] of [
    ['quiz-results', '/quiz-results'],
    ['personality-quiz-results', '/personality-quiz-results'],
  ] as const) {
    it(`a member buys ${planId}: the success view links to ${results}`, async () => {
      signIn();
      const stripe = installFakeStripe();
      undo.push(stripe.uninstall);
      const paid: string[] = [];
      server.use(
        http.post('/api/charge/process/{planId}', ({ params }) => {
          paid.push(String(params.planId));
          return ok(makeCharge({ planId, notLoggedIn: false, endPaidDate: null }));
        }),
      );
      const { user } = renderApp(`/payment/${planId}`);
      expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '← Your quiz results' })).toHaveAttribute('href', results);
      await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$4.99'));
      await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Your full report is ready' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See your full report' })).toHaveAttribute('href', results);
      expect(paid).toEqual([planId]);
    });
  }
});
