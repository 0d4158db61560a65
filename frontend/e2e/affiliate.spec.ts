import { expect, test } from './fixtures';
import { signInAsAdmin } from './admin-helpers';
import { fillLogin, newUser, signInViaApi } from './helpers';

/**
 * Issue 15 §1, the affiliate programme against the real server: a member follows the footer's
 * Affiliate Program link, applies on /invite, an admin approves them on /admin/affiliates (a
 * payout above the balance is refused there), and the member then sees their affiliate link.
 */
test('a member applies as an affiliate, the admin approves them, and their link appears', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const member = newUser({ firstName: 'Ada' });
  const name = `Ada Affiliate ${Date.now()}`;
  await signInViaApi(page, member);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Affiliate Program' }).click();
  await expect(page).toHaveURL(/\/refer$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Affiliate Program');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/invite$/);

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Your website or audience').fill('A reading newsletter with 3,000 subscribers');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toContainText('Please accept the affiliate terms.');
  await page.getByLabel('I accept the affiliate terms').check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for applying!' })).toBeVisible();

  // A laptop's 1366 px: the table fits, with no sideways scrolling of the page or of the table.
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/affiliates');
  const region = admin.getByRole('region', { name: 'Affiliates' });
  await expect(region).toBeVisible();
  expect(
    await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    'the page scrolls sideways',
  ).toBeLessThanOrEqual(0);
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth), 'the table scrolls sideways').toBeLessThanOrEqual(0);
  await admin
    .getByRole('group', { name: 'Show affiliates' })
    .getByRole('button', { name: /Pending/ })
    .click();
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('pending', { ignoreCase: true });
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  await admin
    .getByRole('group', { name: 'Show affiliates' })
    .getByRole('button', { name: /Approved/ })
    .click();
  const approved = admin.getByRole('row').filter({ hasText: name });
  await approved.getByRole('button', { name: `Record payout for ${name}` }).click();
  const payout = admin.getByRole('form', { name: `Payout to ${name}` });
  await payout.getByLabel('Amount in dollars').fill('1.00');
  await payout.getByRole('button', { name: 'Save payout' }).click();
  await expect(approved.getByRole('alert')).toContainText('The payout is more than the available balance');
  await adminContext.close();

  await page.reload();
  const link = page.getByRole('textbox', { name: 'Your affiliate link' });
  await expect(link).toHaveValue(/\/r\/[A-Za-z0-9]{4,32}$/);
});

test('a member whose session ends while away from /invite is sent to log in, and comes back to /invite', async ({ page }) => {
  const member = newUser({ firstName: 'Lou' });
  await signInViaApi(page, member);
  // Every session of the member ends (as "sign out everywhere" on another device would); this
  // browser still holds its access token, which the server no longer honours.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const ended = await page.request.post('/api/user/logout-everywhere', { headers: { Authorization: `Bearer ${token ?? ''}` } });
  expect(ended.ok(), await ended.text()).toBeTruthy();

  await page.goto('/invite');
  // The affiliate call is refused and no refresh helps: the shell sends the member to log in and back.
  await expect(page).toHaveURL(/\/login\?redirect=%2Finvite$/);
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/invite$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Program' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
});
