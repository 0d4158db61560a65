import { expect, test, type Page } from './fixtures';
import { continueToHome, expectNoViolations, fillSignup, newUser, readerPosition, signInViaApi } from './helpers';

/**
 * Pricing, checkout, attaching a guest's purchase at sign-up, the account's subscription and
 * cancelling, against the real server paying through the local Stripe and PayPal stand-ins
 * (`cargo xtask e2e` starts them; the server is in test mode). Seeded catalogue: `meditations`,
 * `walden`, `the-art-of-war` and `on-liberty` are premium books; free members unlock 3 of them.
 */

// A free trial is given once per card: each test that starts one uses a test card of its own
// (Stripe's published test cards; the stand-in gives each its own fingerprint).
const CARD_FOR_GUEST_TRIAL = '4000 0566 5566 5556';
const CARD_FOR_MEMBER_TRIAL = '5555 5555 5555 4444';
const CARD_DECLINED = '4000 0000 0000 0002';
const CARD_3DS = '4000 0027 6000 3184';

/** Type a card into the stand-in's card Element (its labelled inputs, mounted in the page). */
async function fillCard(page: Page, number: string): Promise<void> {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
}

/** The premium book reads in full: Next is there, no paywall, and more than one section. */
async function readsInFull(page: Page, subid: string): Promise<void> {
  await page.goto(`/books/${subid}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await expect(page.locator('.paywall')).toHaveCount(0);
  const { total } = await readerPosition(page);
  expect(total).toBeGreaterThan(2);
}

/** The subscription card of /account. */
function subscriptionCard(page: Page) {
  return page.getByRole('region', { name: 'Subscription' });
}

test('a visitor meets the paywall, pays for monthly by card as a guest, signs up and reads the premium book', async ({ page }) => {
  await page.goto('/books/meditations');
  await expect(page.getByRole('heading', { name: 'Log in or start your free trial to keep reading' })).toBeVisible();
  await page.getByRole('link', { name: 'See plans and pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  const plans = page.getByRole('list', { name: 'Plans' });
  await expect(plans.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('price-monthly')).toHaveText('$9.99');
  await expect(page.getByTestId('price-yearly')).toHaveText('$59.99');
  await expect(page.getByTestId('price-lifetime')).toHaveText('$149.99');
  await expectNoViolations(page, '/pricing');
  await page.getByRole('link', { name: 'Start free trial with Premium Monthly' }).click();
  await expect(page).toHaveURL(/\/payment\/monthly$/);

  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$9.99');
  // Paying without the e-mail a guest's receipt goes to is refused before the card is touched.
  await fillCard(page, CARD_FOR_GUEST_TRIAL);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please input an email address.' })).toBeVisible();

  const buyer = newUser({ firstName: 'Gina' });
  await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! One more step' })).toBeVisible();
  const chargeId = await page.evaluate(() => window.sessionStorage.getItem('chargeId'));
  expect(chargeId).toBeTruthy();

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?chargeId=${chargeId}$`));
  await fillSignup(page, buyer);
  await continueToHome(page);
  expect(await page.evaluate(() => window.sessionStorage.getItem('chargeId'))).toBeNull();

  await readsInFull(page, 'meditations');
  await page.goto('/account');
  await expect(subscriptionCard(page).getByTestId('plan-status')).toHaveText('Trial');
  await expect(subscriptionCard(page).getByTestId('plan-name')).toHaveText('Premium Monthly');
  await expect(subscriptionCard(page).getByText(/^Trial ends on /)).toBeVisible();
  await expect(subscriptionCard(page).getByText('Paid with card')).toBeVisible();
});

test('a free member who used the free summaries goes from the limit paywall to pricing with the banner', async ({ page }) => {
  await signInViaApi(page, newUser());
  for (const subid of ['meditations', 'walden', 'the-art-of-war']) {
    await page.goto(`/books/${subid}`);
    await page.getByRole('button', { name: 'Use a free summary' }).click();
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  }
  await page.goto('/books/on-liberty');
  await expect(page.getByRole('heading', { name: 'You have used your free summaries' })).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(/\/pricing\?limit_reached=yes$/);
  await expect(page.getByRole('alert').filter({ hasText: 'You have used up your free summaries' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Plans' }).getByRole('listitem')).toHaveCount(3);
});

test('a member pays for lifetime with PayPal and the account shows Lifetime', async ({ page }) => {
  await signInViaApi(page, newUser());
  await page.goto('/payment/lifetime');
  await expect(page.getByTestId('cart-total')).toHaveText('$149.99');
  // Members pay as themselves: no e-mail field.
  await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page.getByRole('dialog', { name: 'PayPal' })).toBeVisible();
  await page.frameLocator('iframe[title="PayPal"]').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();

  await page.goto('/account');
  await expect(subscriptionCard(page).getByTestId('plan-name')).toHaveText('Lifetime');
  await expect(subscriptionCard(page).getByTestId('plan-end')).toHaveText('Lifetime');
  await expect(subscriptionCard(page).getByTestId('plan-status')).toHaveText('Active');
  await readsInFull(page, 'walden');
});

test('a card that asks for 3-D Secure completes once approved', async ({ page }) => {
  await signInViaApi(page, newUser());
  await page.goto('/payment/lifetime');
  await fillCard(page, CARD_3DS);
  await page.getByRole('button', { name: 'Pay $149.99' }).click();
  await expect(page.getByRole('dialog', { name: '3-D Secure' })).toBeVisible();
  await page.frameLocator('iframe[title="3-D Secure"]').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();
  await page.goto('/account');
  await expect(subscriptionCard(page).getByTestId('plan-name')).toHaveText('Lifetime');
});

test('a declined card says so and changes nothing', async ({ page }) => {
  await signInViaApi(page, newUser());
  await page.goto('/payment/lifetime');
  await fillCard(page, CARD_DECLINED);
  await page.getByRole('button', { name: 'Pay $149.99' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're all set" })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay $149.99' })).toBeEnabled();

  await page.goto('/account');
  await expect(subscriptionCard(page).getByText('Free Plan')).toBeVisible();
  // Still a free member, and no isPaid hint.
  expect((await page.context().cookies()).find((c) => c.name === 'isPaid')?.value ?? 'false').not.toBe('true');
  const account = await page.request.get('/api/user/account', {
    headers: { Authorization: `Bearer ${await page.evaluate(() => window.localStorage.getItem('token'))}` },
  });
  expect(((await account.json()) as { result: { user: { isPaid: boolean } } }).result.user.isPaid).toBe(false);
});

test('a member with monthly turns off auto-renewal on /cancel, keeps reading, and the account shows the end', async ({ page }) => {
  await signInViaApi(page, newUser());
  await page.goto('/payment/monthly');
  await expectNoViolations(page, '/payment/monthly');
  await fillCard(page, CARD_FOR_MEMBER_TRIAL);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();

  await page.goto('/account');
  await expect(subscriptionCard(page).getByText(/^Trial ends on /)).toBeVisible();
  await subscriptionCard(page).getByRole('link', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(/\/cancel$/);
  await expect(page.getByText(/renews on/)).toBeVisible();
  await expectNoViolations(page, '/cancel');

  await page.getByRole('button', { name: 'Turn off auto-renewal' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a reason.' })).toBeVisible();
  await page.getByRole('radio', { name: 'I do not need it right now' }).check();
  await page.getByRole('button', { name: 'Turn off auto-renewal' }).click();
  await expect(page.getByText(/^Auto-renewal is off; Premium until .+\.$/)).toBeVisible();
  // Coming back later shows the same state, not the form again.
  await page.reload();
  await expect(page.getByText(/^Auto-renewal is off; Premium until .+\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off auto-renewal' })).toHaveCount(0);

  await readsInFull(page, 'the-art-of-war');
  await page.goto('/account');
  await expect(subscriptionCard(page).getByTestId('plan-status')).toHaveText('Canceled');
  await expect(subscriptionCard(page).getByText(/^Ends on /)).toBeVisible();
  await expect(subscriptionCard(page).getByRole('link', { name: 'Cancel subscription' })).toHaveCount(0);
});

test('/cancel shows a visitor its first screen and asks for a login only to act', async ({ page }) => {
  await page.goto('/cancel');
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel subscription' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in to turn off auto-renewal' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcancel$/);
});

test('the payment page works on a 375 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/payment/monthly');
  await expect(page.getByTestId('cart-total')).toHaveText('$9.99');
  await expect(page.getByRole('group', { name: 'Card details' }).getByLabel('Card number')).toBeVisible();
  const pay = page.getByRole('button', { name: 'Start free trial' });
  await pay.scrollIntoViewIfNeeded();
  await expect(pay).toBeVisible();
  // Nothing sticks out sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await pay.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBeTruthy();
  await expectNoViolations(page, '/payment/monthly at 375px');
});
