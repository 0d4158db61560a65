import { expect, test } from './fixtures';
import { continueToHome } from './helpers';

// `cargo xtask test` configures "Google" as a stand-in provider on loopback that signs in one
// fixed person (Gloria Google) after checking the client secret and the PKCE verifier.
test('logging in with Google goes to the provider and back, then to the page asked for', async ({ page }) => {
  await page.goto('/login?redirect=%2Faccount');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('gloria.google@example.com')).toBeVisible();

  // A second round trip finds the same account.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  // On a first visit /home asks for category picks; later runs on the same database go straight home.
  await continueToHome(page);
  await expect(page.getByRole('heading', { name: 'Welcome Back, Gloria!' })).toBeVisible();
});
