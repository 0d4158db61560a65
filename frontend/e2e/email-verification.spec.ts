import { expect, test } from './fixtures';
import { continueToHome, expectNoViolations, fillSignup, newUser, waitForMail } from './helpers';

/**
 * Security III §2 in the browser: a new member is asked to confirm their address, cannot buy
 * until they do, and confirms it with the mailed link.
 */
test('a new member confirms their address with the mailed link before they can buy', async ({ page }) => {
  const member = newUser({ firstName: 'Val' });
  await page.goto('/signup');
  await fillSignup(page, member);
  await continueToHome(page);

  await page.goto('/account');
  const notice = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(notice).toContainText(member.email);
  await expectNoViolations(page, '/account (address not confirmed)');

  // Checkout says why before the card form.
  await page.goto('/payment/lifetime');
  await expect(page.getByText(/Please confirm your e-mail address first/)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  const [, path] = await waitForMail(member.email, /http:\/\/[^\s]+(\/verify-email\/[A-Za-z0-9_-]+)/);
  await page.goto(path);
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible();
  await expectNoViolations(page, '/verify-email');

  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(member.email);
  await expect(notice).toHaveCount(0);
  await page.goto('/payment/lifetime');
  await expect(page.getByTestId('cart-total')).toHaveText('$149.99');
});
