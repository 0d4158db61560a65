import { expect, test } from './fixtures';
import { continueToHome, expectNoViolations, waitForMail } from './helpers';

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

// The stand-in also plays Facebook, whose Graph API never says an address is verified; each
// authorization there is a new person. The sign-in screens have no Facebook button (the spec
// lists Google and Apple), so the test starts it through the API, as a link elsewhere would.
test('a first Facebook sign-in is finished by the link mailed to the address, only in the browser that began it', async ({ page, browser }) => {
  const started = await page.request.get('/api/facebook/oauth?origin=login&redirect=%2Fhome');
  expect(started.ok(), await started.text()).toBeTruthy();
  const { url } = ((await started.json()) as { result: { url: string } }).result;
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Facebook did not confirm your e-mail address to us' });
  await expect(notice).toBeVisible();
  const email = /sent a link to (faye\.facebook\.\d+\.\d+@example\.com)\./.exec(await notice.innerText())?.[1];
  expect(email, 'the address the link went to').toBeDefined();
  await expect(page.getByText('Open it in this browser within an hour to finish signing in with Facebook.')).toBeVisible();
  await expectNoViolations(page, '/login (sign-in link sent)');

  const [, path, code] = await waitForMail(email!, /http:\/\/[^\s]+(\/confirm-sign-in\/([A-Za-z0-9_-]+))/);
  // Someone else's browser with the link gets nothing and spends nothing.
  const stranger = await browser.newContext();
  const elsewhere = await stranger.request.post(new URL('/api/oauth/confirm', page.url()).href, { data: { code } });
  expect(elsewhere.status()).toBe(400);
  await stranger.close();

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Finish signing in' })).toBeVisible();
  await expectNoViolations(page, '/confirm-sign-in');
  await page.getByRole('button', { name: 'Finish signing in' }).click();
  await continueToHome(page);
  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(email!);
  // The link proved the address: nothing asks to confirm it again.
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
});
