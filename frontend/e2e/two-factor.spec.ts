import { expect, test } from './fixtures';
import { continueToHome, expectNoViolations, fillLogin, newUser, signInViaApi, totpCode } from './helpers';

test('a member turns on two-factor, signs in with a code, and signs another device out', async ({ page, browser }) => {
  const user = newUser({ firstName: 'Tess' });
  await signInViaApi(page, user);

  // Turn it on from /account/security with the key shown for typing by hand.
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // A code from far off the app's clock is refused.
  await page.getByLabel('Code from your app').fill(totpCode(secret, 5));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /code/i })).toBeVisible();
  await page.getByLabel('Code from your app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  const recoveryCodes = await page.locator('.recovery__codes code').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expectNoViolations(page, '/account/security (recovery codes)');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Recovery codes left:')).toContainText('10');

  // Log out, then the password alone is not enough: the second step asks for a code.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // The step used to turn it on cannot be replayed; the app's next code (one step of drift) works.
  await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await continueToHome(page);

  // A second device signs in with a recovery code (through the API, as a phone app would).
  const phone = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  const first = await phone.request.post('/api/user/login', { data: { email: user.email, password: user.password } });
  const challenge = ((await first.json()) as { result: { challenge: string } }).result.challenge;
  const second = await phone.request.post('/api/user/login/two-factor', { data: { challenge, code: recoveryCodes[0] } });
  expect(second.ok(), await second.text()).toBeTruthy();
  const phoneToken = ((await second.json()) as { result: { token: string } }).result.token;
  const asPhone = { headers: { Authorization: `Bearer ${phoneToken}` } };
  expect((await phone.request.get('/api/user/account', asPhone)).status()).toBe(200);

  // Both sessions are listed; this one is marked, the phone is signed out from here.
  await page.goto('/account/security');
  const sessions = page.locator('.sessions > li');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
  const other = sessions.filter({ hasNotText: 'This device' });
  await expect(other).toContainText(/iPhone|iOS|Safari/);
  await other.getByRole('button', { name: /^Sign out / }).click();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText('Recovery codes left:')).toContainText('9');

  // The phone's access token stops at once, and this browser stays signed in.
  expect((await phone.request.get('/api/user/account', asPhone)).status()).toBe(401);
  await phone.close();
  await page.reload();
  await expect(sessions).toHaveCount(1);
  await expectNoViolations(page, '/account/security');
});
