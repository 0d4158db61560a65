import { expect, test, type Page } from './fixtures';
import fs from 'node:fs';
import { runSql } from './admin-helpers';
import { expectNoViolations, newUser, signInViaApi, uniqueEmail, waitForMail } from './helpers';

/**
 * Issue 12 (Billing II) end to end, against the real server paying through the local Stripe and
 * PayPal stand-ins and writing mail to the outbox: a gift card bought and redeemed, team seats
 * bought and handed out, one book bought as summary.pdf, and a summary sent to a Kindle.
 */

const CARD_OK = '4242 4242 4242 4242';

async function fillCard(page: Page, number = CARD_OK): Promise<void> {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
}

function subscriptionCard(page: Page) {
  return page.getByRole('region', { name: 'Subscription' });
}

/** Redeems a code in the account page's "Redeem a code" box. */
async function redeemOnAccount(page: Page, code: string): Promise<void> {
  await page.goto('/account');
  const box = page.getByRole('region', { name: 'Redeem a code' });
  await box.getByLabel('Gift or team code').fill(`  ${code} `);
  await box.getByRole('button', { name: 'Redeem Code' }).click();
  await expect(box.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(box.getByText(/Your code has been activated: Premium until /)).toBeVisible();
  await expect(subscriptionCard(page).getByTestId('plan-status')).toHaveText('Active');
}

test('a guest buys a gift card for a friend, who redeems the e-mailed code on the account page', async ({ page }) => {
  await page.goto('/giftcard');
  await expect(page.getByTestId('gift-price')).toHaveText('$44.99');
  await expectNoViolations(page, '/giftcard');
  await page.getByRole('link', { name: 'Buy a gift card' }).click();
  await expect(page).toHaveURL(/\/payment\/gift\?gift=true$/);
  await expect(page.getByTestId('cart-total')).toHaveText('$44.99');

  const friend = newUser({ firstName: 'Fran' });
  const details = page.getByRole('group', { name: 'Gift details' });
  await details.getByLabel('Your name').fill('Gus');
  await details.getByLabel("Recipient's name (optional)").fill('Fran');
  await details.getByLabel("Recipient's email (optional)").fill(friend.email);
  await details.getByLabel('Message (optional)').fill('Happy birthday!');
  await expectNoViolations(page, '/payment/gift');
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay $44.99' }).click();
  await expect(page.getByText(`Thanks for purchasing a gift. Your gift details have been emailed to ${friend.email}, with a copy to you.`)).toBeVisible();

  const [, code] = await waitForMail(friend.email, /Your gift code: ([A-Z0-9-]+)/);
  await signInViaApi(page, friend);
  await page.goto('/account');
  await expect(subscriptionCard(page).getByText('Free Plan')).toBeVisible();
  await redeemOnAccount(page, code);
  // A code works once.
  await page.goto('/account');
  const box = page.getByRole('region', { name: 'Redeem a code' });
  await box.getByLabel('Gift or team code').fill(code);
  await box.getByRole('button', { name: 'Redeem Code' }).click();
  await expect(box.getByRole('alert')).toHaveText(/invalid or has already been used/);
});

test('a member buys 20 team seats, invites a colleague who redeems, and revokes a seat', async ({ page, browser }) => {
  const buyer = newUser({ firstName: 'Tess' });
  await signInViaApi(page, buyer);
  await page.goto('/teams');
  await expect(page.getByTestId('seat-price')).toHaveText('$29.99');
  const seats = page.getByLabel('Number of seats');
  await seats.fill('12');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a quantity >= 20' })).toBeVisible();
  await seats.fill('20');
  await expect(page.getByTestId('seats-total')).toHaveText('20 seats: $599.80');
  await expectNoViolations(page, '/teams');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/payment\/bulk\?quantity=20$/);
  await expect(page.getByTestId('cart-total')).toHaveText('$599.80');
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay $599.80' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your team seats are ready' })).toBeVisible();

  await page.getByRole('link', { name: 'Manage your team' }).click();
  await expect(page).toHaveURL(/\/teams\/manage$/);
  const list = page.getByRole('list', { name: 'Team seats' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expectNoViolations(page, '/teams/manage');

  const colleague = newUser({ firstName: 'Cole' });
  const first = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Seat 1', exact: true }) });
  await first.getByRole('button', { name: 'Invite by e-mail' }).click();
  await first.getByLabel("Colleague's email").fill(colleague.email);
  await first.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${colleague.email}.`)).toBeVisible();
  await expect(first.getByTestId('seat-state')).toHaveText('Invited');

  // Seat 2 is revoked: a new code takes its place.
  const second = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Seat 2', exact: true }) });
  const oldCode = await second.getByTestId('seat-code').textContent();
  await second.getByRole('button', { name: 'Revoke' }).click();
  await second.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.getByText(/was revoked\. A new code replaces it\./)).toBeVisible();
  await expect(page.getByTestId('seat-code').filter({ hasText: oldCode ?? '' })).toHaveCount(1);
  await expect(page.getByTestId('seat-state').filter({ hasText: 'Revoked' })).toHaveCount(1);
  await expect(list.getByRole('listitem')).toHaveCount(21);

  // The colleague redeems the code from the invitation.
  const [, code] = await waitForMail(colleague.email, /Your code: ([A-Z0-9-]+)/);
  const other = await browser.newPage();
  await signInViaApi(other, colleague);
  await redeemOnAccount(other, code);
  await other.close();

  await page.reload();
  await expect(first.getByTestId('seat-state')).toHaveText('Redeemed');
  await expect(first.getByText(new RegExp(`Redeemed by ${colleague.email.replace(/[.+]/g, '\\$&')}`))).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('link', { name: 'Your team seats' })).toHaveAttribute('href', '/teams/manage');
});

test('a free member buys one summary as summary.pdf from the reader, and may download it again', async ({ page }) => {
  const bookId = runSql("SELECT id FROM books WHERE subid = 'walden'");
  expect(bookId).toMatch(/^\d+$/);
  runSql(
    `INSERT INTO plans (id, name, kind, amount_cents, book_id) VALUES ('book-${bookId}', 'Walden (PDF summary)', 'book', 499, ${bookId}) ON CONFLICT (id) DO NOTHING`,
  );
  await signInViaApi(page, newUser());
  await page.goto('/books/walden');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  await expect(page).toHaveURL(new RegExp(`/download-pdf-or/${bookId}/walden$`));
  await expect(page.getByTestId('book-price')).toHaveText('$4.99');
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/try');
  await expectNoViolations(page, '/download-pdf-or');
  await page.getByRole('link', { name: 'Buy this summary' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/book-${bookId}$`));
  await expect(page.getByTestId('cart-total')).toHaveText('$4.99');
  await fillCard(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('summary.pdf');
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('heading', { level: 1, name: 'Your summary is ready' })).toBeVisible();

  // The buyer of the book sees "Download PDF" lead straight to the download, not to the offer.
  await page.goto('/books/walden');
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/download-pdf/${bookId}/walden`);
  const again = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  expect((await again).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByRole('button', { name: 'Download again' })).toBeVisible();
});

test('a premium member sets a Kindle address and sends a summary; a free member is offered the upgrade', async ({ page }) => {
  await signInViaApi(page, newUser());
  await page.goto('/send-to-kindle');
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/try');

  await page.goto('/payment/lifetime');
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay $149.99' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();

  await page.goto('/books/on-liberty');
  await page.getByRole('link', { name: 'Send to Kindle' }).click();
  await expect(page.getByRole('link', { name: 'Set your Kindle address' })).toBeVisible();
  await page.getByRole('link', { name: 'Set your Kindle address' }).click();
  await expect(page).toHaveURL(/\/set-kindle\?next=/);
  await expect(page.getByTestId('kindle-current')).toHaveText('You have not set a Kindle address yet.');
  await page.getByRole('button', { name: 'Save Kindle address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please complete the form.' })).toBeVisible();
  const name = `reader${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  const domain = page.getByLabel('Domain', { exact: true });
  await domain.selectOption({ index: 1 });
  const chosen = await domain.inputValue();
  await page.getByRole('button', { name: 'Save Kindle address' }).click();
  await expect(page.getByText('Successful set your kindle email.')).toBeVisible();
  await expect(page.getByTestId('kindle-current')).toContainText(`${name}@${chosen}`);
  await expectNoViolations(page, '/set-kindle');

  await page.getByRole('link', { name: 'Continue sending your summary' }).click();
  await expect(page).toHaveURL(/\/send-to-kindle\/\d+$/);
  await page.getByRole('button', { name: 'Send to Kindle' }).click();
  await expect(page.getByText(new RegExp(`on its way to ${name}@${chosen.replace(/\./g, '\\.')}`))).toBeVisible();
  await expectNoViolations(page, '/send-to-kindle');
  await waitForMail(`${name}@${chosen}`, /\.epub/i);

  // Without a book, the page asks for one.
  await page.goto('/send-to-kindle');
  const bookSearch = page.getByRole('search', { name: 'Book search' });
  await bookSearch.getByLabel('Find a book').fill('walden');
  await bookSearch.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: /^Choose Walden/ }).click();
  await expect(page).toHaveURL(/\/send-to-kindle\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: /Walden/ })).toBeVisible();
});

test('the new pages work on a 375 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInViaApi(page, newUser({ email: uniqueEmail() }));
  for (const path of ['/giftcard', '/teams', '/stacksocial', '/set-kindle', '/payment/gift']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
