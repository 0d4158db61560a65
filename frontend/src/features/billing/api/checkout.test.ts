import { describe, expect, it } from 'vitest';
import { makeCharge } from '@/testing/billing-data';
import { http, ok } from '@/testing/handlers';
import { server } from '@/testing/server';
import { completePayPal, completePayPalForBook, payByCard, payForBookByCard, startPayPal } from './checkout';

/** Records the bodies of the checkout calls (card, PayPal start and completion). */
function recordBodies() {
  const bodies: Record<string, unknown>[] = [];
  const keep = async (request: Request) => {
    bodies.push((await request.json()) as Record<string, unknown>);
  };
  server.use(
    http.post('/api/charge/process/{planId}', async ({ request }) => {
      await keep(request);
      return ok(makeCharge());
    }),
    http.post('/api/paypal/start', async ({ request }) => {
      await keep(request);
      return ok({ orderId: 'ORDER-1', subscriptionId: null });
    }),
    http.post('/api/paypal', async ({ request }) => {
      await keep(request);
      return ok(makeCharge());
    }),
  );
  return bodies;
}

async function checkoutEverywhere() {
  await payByCard('monthly', { planId: 'monthly', token: 'pm_1', addInfographics: 0, couponCode: null, email: null });
  await startPayPal({ planId: 'monthly', addInfographics: 0, couponCode: null, email: null });
  await completePayPal({ orderId: 'ORDER-1' });
  await payForBookByCard('book-7', { planId: 'book-7', token: 'pm_2', addInfographics: 0, couponCode: null, email: 'a@example.com' });
  await completePayPalForBook({ orderId: 'ORDER-2', planId: 'book-7' });
}

describe('checkout calls and the referral (issue 15 §1)', () => {
  it('send the rId stored by /r/{id} with every card and PayPal call', async () => {
    window.localStorage.setItem('rId', 'friend-link-7');
    const bodies = recordBodies();
    await checkoutEverywhere();
    expect(bodies).toHaveLength(5);
    for (const body of bodies) expect(body.rId).toBe('friend-link-7');
    expect(bodies[0]).toEqual({ planId: 'monthly', token: 'pm_1', addInfographics: 0, couponCode: null, email: null, rId: 'friend-link-7' });
  });

  it('send no rId without a referral', async () => {
    const bodies = recordBodies();
    await checkoutEverywhere();
    expect(bodies).toHaveLength(5);
    for (const body of bodies) expect(body).not.toHaveProperty('rId');
  });
});
