import { expect, test } from './fixtures';
import fs from 'node:fs';
import { continueToHome, fillLogin, newUser, outboxDir, registerViaApi, waitForResetLink } from './helpers';

test('forgot password: the mailed link sets a new password that logs in', async ({ page }) => {
  // The worker's server writes mail there (cargo xtask test describes it in E2E_SERVERS); without it this test cannot work.
  expect(fs.existsSync(outboxDir()), `no mail outbox folder (tried ${outboxDir()})`).toBeTruthy();
  const user = newUser({ firstName: 'Rita' });
  await registerViaApi(page, user);

  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText(
      'Please check your email for instructions on how to reset your password. If you have any questions, please email us at support@gistbook.app.',
    ),
  ).toBeVisible();

  const link = await waitForResetLink(user.email);
  await page.goto(link);
  const newPassword = 'Brand-new-pass-42';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password was changed. You can now login.')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, user.email, newPassword);
  // A member without category picks is sent on to choose some first.
  await continueToHome(page);
  await expect(page.getByRole('heading', { name: 'Welcome Back, Rita!' })).toBeVisible();
});
