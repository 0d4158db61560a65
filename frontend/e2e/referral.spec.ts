import { expect, test, type Browser, type Page } from './fixtures';
import {
  confirmEmail,
  continueToHome,
  expectNoViolations,
  fillLogin,
  fillSignup,
  newUser,
  registerViaApi,
  signInViaApi,
  uniqueEmail,
  waitForMail,
  type TestUser,
} from './helpers';

/**
 * Issue 15 §1-2 against the real server: a member's referral link (copied from /refer-a-friend)
 * brings a new visitor who signs up through the form, and the referrer sees them counted; the
 * member invites friends (the first invite unlocks one more free summary, the mail carries the
 * link) and the home invite box goes. A second test has the referred member pay, for the credit.
 */

const REFER_PAGE = '/refer-a-friend';

/** Opens /refer-a-friend and returns the member's link: its path (/r/{id}) and the id. */
async function openReferralPage(page: Page): Promise<{ link: string; path: string; rId: string }> {
  await page.goto(REFER_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeVisible();
  const input = page.getByRole('textbox', { name: 'Your referral link' });
  await expect(input).toHaveValue(/\/r\/[A-Za-z0-9_-]{4,32}$/);
  const link = await input.inputValue();
  // The link is absolute (the server's public address); the visitor opens its path here.
  const path = new URL(link).pathname;
  return { link, path, rId: path.slice('/r/'.length) };
}

/** A visitor in a browser of their own arrives through the link, then signs up with the form. */
async function visitorSignsUpThrough(browser: Browser, path: string, rId: string, visitor: TestUser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Visitors are sent to log in first, and back.
  await page.goto(REFER_PAGE);
  await expect(page).toHaveURL(/\/login\?redirect=%2Frefer-a-friend$/);

  await page.goto(path);
  // 'Redirecting you.' lasts 10 ms: what stays is the landing page and the stored id.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('rId'))).toBe(rId);

  await page.goto('/signup');
  await fillSignup(page, visitor);
  await continueToHome(page);
  // The address confirmed, as its mailed link would (email-verification.spec.ts), so they may buy.
  confirmEmail(visitor.email);
  return { page, close: () => context.close() };
}

test('a signed-out visitor on /refer-a-friend logs in and comes back to it', async ({ page, browser }) => {
  const member = newUser({ firstName: 'Rita' });
  // The account exists, made elsewhere: this browser stays signed out until the login form.
  const elsewhere = await browser.newContext();
  await registerViaApi(await elsewhere.newPage(), member);
  await elsewhere.close();

  await page.goto(REFER_PAGE);
  await expect(page).toHaveURL(/\/login\?redirect=%2Frefer-a-friend$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/refer-a-friend$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(/\/r\/[A-Za-z0-9_-]{4,32}$/);
});

test('a member copies the referral link, a visitor signs up through it and is counted; the member invites friends', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const referrer = newUser({ firstName: 'Rita' });
  await signInViaApi(page, referrer);

  // An unpaid member who invited nobody sees the invite box at home.
  await page.goto('/home');
  await continueToHome(page);
  await expect(page.getByRole('link', { name: 'Invite a friend' })).toHaveAttribute('href', REFER_PAGE);

  // The link, copied; nobody referred yet.
  const { link, path, rId } = await openReferralPage(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByTestId('referral-num')).toHaveText('0');
  await expect(page.getByTestId('referral-money')).toHaveText('$0.00');
  await expect(page.getByRole('link', { name: /^Share on Twitter/ })).toHaveAttribute('href', new RegExp(`url=${encodeURIComponent(link)}`));
  await expectNoViolations(page, REFER_PAGE);

  // A new visitor arrives through the link and signs up with the form.
  const visitor = await visitorSignsUpThrough(browser, path, rId, newUser({ firstName: 'Vic' }));
  await visitor.close();

  // The referrer sees them counted.
  await page.goto(REFER_PAGE);
  await expect(page.getByTestId('referral-num')).toHaveText('1');
  await expect(page.getByTestId('referral-paying')).toHaveText('0');

  // Invite a friend: the member's first name is filled in; the first invite unlocks a summary.
  const form = page.getByRole('region', { name: 'Invite a friend' });
  await expect(form.getByRole('textbox', { name: 'Your name' })).toHaveValue(referrer.firstName);
  await form.getByRole('button', { name: 'Send Invite' }).click();
  await expect(form.getByRole('alert')).toHaveText(/Please enter your friend's name\./);
  const first = uniqueEmail();
  await form.getByRole('textbox', { name: "Friend's name" }).fill('Fern');
  await form.getByRole('textbox', { name: "Friend's e-mail" }).fill(first);
  await form.getByRole('button', { name: 'Send Invite' }).click();
  await expect(form.getByText(`Invitation sent to ${first}. You unlocked one more free summary.`)).toBeVisible();

  // The invitation went through the outbox with the member's link.
  const mail = await waitForMail(first, /(\S*\/r\/[A-Za-z0-9_-]{4,32})/);
  expect(mail[1]).toContain(`/r/${rId}`);

  // A second invite is sent too, without another summary.
  const second = uniqueEmail();
  await form.getByRole('textbox', { name: "Friend's name" }).fill('Gus');
  await form.getByRole('textbox', { name: "Friend's e-mail" }).fill(second);
  await form.getByRole('button', { name: 'Send Invite' }).click();
  await expect(form.getByText(`Invitation sent to ${second}.`, { exact: true })).toBeVisible();
  await expect(form.getByText(/You unlocked one more free summary/)).toHaveCount(0);

  // Inviting yourself is refused with the server's words.
  await form.getByRole('textbox', { name: "Friend's name" }).fill('Me');
  await form.getByRole('textbox', { name: "Friend's e-mail" }).fill(referrer.email);
  await form.getByRole('button', { name: 'Send Invite' }).click();
  await expect(form.getByRole('alert')).toHaveText(/You cannot invite yourself\./);

  // A friend was invited: the home invite box is gone.
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /Welcome Back/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invite a friend' })).toHaveCount(0);

  // At 375 px the page does not widen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(REFER_PAGE);
  await expect(page.getByTestId('referral-num')).toHaveText('1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('a referred member pays for lifetime by card and the referrer is credited 25%', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInViaApi(page, newUser({ firstName: 'Rex' }));
  const { path, rId } = await openReferralPage(page);

  const visitor = await visitorSignsUpThrough(browser, path, rId, newUser({ firstName: 'Pia' }));
  try {
    const buyer = visitor.page;
    await buyer.goto('/payment/lifetime');
    await expect(buyer.getByTestId('cart-total')).toHaveText('$149.99');
    const card = buyer.getByRole('group', { name: 'Card details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await buyer.getByRole('button', { name: 'Pay $149.99' }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();
  } finally {
    await visitor.close();
  }

  // 25% of $149.99 is 3749.75 cents, rounded half up; the ledger job credits it within a moment.
  await expect(async () => {
    await page.goto(REFER_PAGE);
    await expect(page.getByTestId('referral-paying')).toHaveText('1', { timeout: 2_000 });
    await expect(page.getByTestId('referral-money')).toHaveText('$37.50', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('referral-num')).toHaveText('1');
});
