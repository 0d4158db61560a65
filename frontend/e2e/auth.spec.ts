import { expect, test } from './fixtures';
import { continueToHome, expectNoViolations, fillLogin, fillSignup, newUser, registerViaApi } from './helpers';

test('sign up, log out through the dropdown, log in again and see the account', async ({ page }) => {
  const user = newUser({ firstName: 'Eve' });

  await page.goto('/signup');
  await fillSignup(page, user);

  // A new member picks categories first (/home sends them to /choose-categories/new).
  await continueToHome(page);
  await expect(page.getByRole('heading', { name: 'Welcome Back, Eve!' })).toBeVisible();

  // Log out through the signed-in dropdown.
  const menuButton = page.getByRole('button', { name: 'My Account' });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // Log in again.
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back, Eve!' })).toBeVisible();

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
  await expect(page.getByText('Free Plan')).toBeVisible();
});

test('a signed-out visit to /account goes through sign-up and back to /account', async ({ page }) => {
  const user = newUser();

  await page.goto('/account');
  await expect(page).toHaveURL(/\/signup\?redirect=%2Faccount$/);
  await fillSignup(page, user);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
});

test('wrong credentials show the server error in an alert', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, newUser().email, 'Wrong-password-1');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a provider that is not configured (Apple, in these tests) explains itself in an alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Apple' }).click();
  await expect(page.getByRole('alert')).toContainText('Apple sign-in is not configured. Please sign in with your e-mail and password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a member changes the password, signs out everywhere and logs in with the new one', async ({ page }) => {
  const user = newUser();
  await registerViaApi(page, user);
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/account');
  await page.getByRole('link', { name: 'Password and signed-in devices' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expectNoViolations(page, 'account security');
  await page.getByLabel('Current Password', { exact: true }).fill(user.password);
  await page.getByLabel('New Password', { exact: true }).fill('harbor light 22');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('harbor light 22');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed.');

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
  await fillLogin(page, user.email, 'harbor light 22');
  await expect(page).not.toHaveURL(/\/login/);
});
