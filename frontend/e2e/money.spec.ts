import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { newUser, signInViaApi, waitForMail } from './helpers';

/**
 * Money rules a paying member notices, against the real server and the Stripe stand-in: Premium
 * for life is never traded for a trial, a better purchase ends the subscription it replaces (at
 * the stand-in, not only on our pages), and a refunded gift's code stops working.
 */

const CARD_OK = '4242 4242 4242 4242';
// A free trial is once per card: each trial here uses a card no other test starts one with.
const CARD_FOR_UPGRADE_TRIAL = '2223 0031 2200 3222';
const CARD_FOR_CARD_UPDATE_TRIAL = '5200 8282 8282 8210';

async function fillCard(page: Page, number: string): Promise<void> {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
}

async function payFor(page: Page, plan: string, card: string, button: string): Promise<void> {
  await page.goto(`/payment/${plan}`);
  await fillCard(page, card);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();
}

/** The Stripe stand-in's REST API (its address is where the page loads Stripe.js from). */
async function stripe(request: APIRequestContext): Promise<(path: string, form?: Record<string, string>) => Promise<unknown>> {
  const settings = (await (await request.get('/api/charge/settings')).json()) as { result: { stripeJsUrl: string } };
  const base = new URL(settings.result.stripeJsUrl).origin;
  const headers = { Authorization: 'Bearer sk_test_standin' };
  return async (path, form) => {
    const response = form ? await request.post(`${base}${path}`, { headers, form }) : await request.get(`${base}${path}`, { headers });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()) as unknown;
  };
}

/** The stand-in's customer of this e-mail. */
async function customerOf(call: Awaited<ReturnType<typeof stripe>>, email: string): Promise<string> {
  const found = (await call(`/v1/customers?email=${encodeURIComponent(email)}`)) as { data: { id: string }[] };
  expect(found.data.length, `a Stripe customer for ${email}`).toBe(1);
  return found.data[0].id;
}

test('a member with Premium for life is told so at pricing and checkout and cannot start a trial', async ({ page }) => {
  await signInViaApi(page, newUser());
  await payFor(page, 'lifetime', CARD_OK, 'Pay $149.99');

  await page.goto('/pricing');
  await expect(page.getByText('You have Premium for life', { exact: true })).toBeVisible();
  await page.goto('/payment/monthly');
  await expect(page.getByText('You have Premium for life already: there is nothing more to buy.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Card details' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page.getByTestId('grants')).toHaveText('Premium Lifetime · for life');
});

test('a monthly trial upgraded to lifetime is cancelled at Stripe at once and lifetime stays', async ({ page, request }) => {
  const member = newUser();
  await signInViaApi(page, member);
  await payFor(page, 'monthly', CARD_FOR_UPGRADE_TRIAL, 'Start free trial');

  await page.goto('/payment/lifetime');
  await expect(page.getByText('Your Premium Monthly trial ends when you pay, with no charge.')).toBeVisible();
  await fillCard(page, CARD_OK);
  await page.getByRole('button', { name: 'Pay $149.99' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();

  // At Stripe: the monthly subscription ended, so it can never bill $9.99 on top of lifetime.
  const call = await stripe(request);
  const customer = await customerOf(call, member.email);
  const subscriptions = (await call(`/v1/subscriptions?customer=${customer}&status=all`)) as { data: { status: string }[] };
  expect(subscriptions.data.map((subscription) => subscription.status)).toEqual(['canceled']);
  const running = (await call(`/v1/subscriptions?customer=${customer}`)) as { data: unknown[] };
  expect(running.data).toHaveLength(0);

  await page.goto('/account');
  await expect(page.getByTestId('grants')).toContainText('Premium Lifetime · for life');
  await expect(page.getByRole('link', { name: 'Cancel subscription' })).toHaveCount(0);
});

test('a refunded gift takes its code back: the friend cannot redeem it', async ({ page, request, browser }) => {
  const buyer = newUser();
  const friend = newUser({ firstName: 'Fran' });
  await signInViaApi(page, buyer);
  await page.goto('/payment/gift');
  await page.getByLabel("Recipient's email (optional)").fill(friend.email);
  await fillCard(page, CARD_OK);
  await page.getByRole('button', { name: 'Pay $44.99' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  const code = (await waitForMail(friend.email, /Your gift code: (\S+)/))[1];

  // The buyer's bank refunds the payment at Stripe; its webhook reaches the server.
  const call = await stripe(request);
  const customer = await customerOf(call, buyer.email);
  const intents = (await call(`/v1/payment_intents?customer=${customer}`)) as { data: { id: string }[] };
  await call('/v1/refunds', { payment_intent: intents.data[0].id });

  // The buyer is told once the refund's webhook has reached the server.
  await waitForMail(buyer.email, /The code this purchase made no longer works\./);

  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await signInViaApi(friendPage, friend);
  await friendPage.goto('/account');
  const redeem = friendPage.getByRole('region', { name: 'Redeem a code' });
  await redeem.getByLabel('Gift or team code').fill(code);
  await redeem.getByRole('button', { name: 'Redeem Code' }).click();
  await expect(redeem.getByRole('alert')).toContainText('This code is invalid or has already been used.');
  await friendContext.close();
});

test('a subscriber saves a new card on /account/payment-method through Stripe.js', async ({ page }) => {
  await signInViaApi(page, newUser());
  await payFor(page, 'monthly', CARD_FOR_CARD_UPDATE_TRIAL, 'Start free trial');
  await page.goto('/account/payment-method');
  await expect(page.getByRole('heading', { level: 1, name: 'Update your card' })).toBeVisible();
  await fillCard(page, CARD_OK);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText(/^Your new card is saved\. Your Premium Monthly subscription is .*renewing; next renewal on .+\.$/)).toBeVisible();
});
