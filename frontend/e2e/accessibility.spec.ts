import { expect, test } from './fixtures';
import { continueToHome, expectNoViolations, fillSignup, newUser } from './helpers';

const publicPages: [string, string][] = [
  ['/', 'Start for free'],
  ['/signup', 'Sign up'],
  ['/login', 'Log in'],
  ['/forgot-password', 'Reset Password'],
  ['/reset-password/someone%40example.com/abc', 'Reset Password'],
  ['/subscriptioncode/ABCD-EFGH', 'Redeem your subscription code'],
  ['/no-such-page', 'Page not found'],
];

for (const [path, landmark] of publicPages) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText(landmark, { exact: false }).first()).toBeVisible();
    await expectNoViolations(page, path);
  });
}

test('signed-in pages have no accessibility violations, on a desktop and a phone', async ({ page }) => {
  // Six pages scanned by axe, each a few seconds on a busy 2-core machine (138 s in all in a
  // loaded CI run).
  test.setTimeout(300_000);
  await page.goto('/signup');
  await fillSignup(page, newUser());
  await continueToHome(page);
  for (const size of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    await page.setViewportSize(size);
    for (const [path, heading] of [
      ['/home', 'Welcome Back'],
      ['/account', 'Account'],
      ['/account/delete', 'Delete'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expectNoViolations(page, `${path} at ${size.width}px`);
    }
  }
});

test('the account menu and the mobile menu work with the keyboard alone', async ({ page }) => {
  await page.goto('/signup');
  await fillSignup(page, newUser());
  await continueToHome(page);
  // The URL changes before the lazily loaded page commits (and menus close on navigation).
  await expect(page.getByRole('heading', { name: /Welcome Back/ })).toBeVisible();
  const menuButton = page.getByRole('button', { name: /my account/i });
  await menuButton.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page
      .getByRole('menuitem', { name: 'Account' })
      .or(page.getByRole('link', { name: 'Account', exact: true }))
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  await page.setViewportSize({ width: 375, height: 740 });
  const toggle = page.getByRole('button', { name: /menu/i }).first();
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
});
