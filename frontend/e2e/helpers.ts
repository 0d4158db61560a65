import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { testServer } from './fixtures';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * Runs one statement on this worker's database as its owner and answers psql's unaligned output
 * (for the few set-ups no call offers, such as the admin role).
 */
export function runSql(sql: string): string {
  return execFileSync('psql', [testServer().databaseUrl, '-XAtc', sql], { encoding: 'utf8' }).trim();
}

/**
 * Marks an account's address confirmed, as the mailed link does (tested in
 * email-verification.spec.ts): set-up for tests about what follows sign-up.
 */
export function confirmEmail(email: string): void {
  runSql(`UPDATE users SET email_verified_at = now() WHERE email = '${email.toLowerCase().replace(/'/g, "''")}'`);
}

export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return { firstName: 'Eve', lastName: 'Tester', email: uniqueEmail(), password: 'Sup3r-secret-pass', ...overrides };
}

/** Fill and submit the sign-up form on the current page (must be /signup). */
export async function fillSignup(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('First name', { exact: true }).fill(user.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(user.lastName);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Create an account through the API (faster than the form when the form is not under test). */
export async function registerViaApi(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post('/api/user/register', {
    data: {
      username: user.email,
      password: user.password,
      firstName: user.firstName,
      lastName: user.lastName,
      timezone: 'UTC',
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  confirmEmail(user.email);
}

/**
 * A new account of the calling test's own, made Premium for life, and its access token (not
 * stored on the page): for tests of what Premium members do, made through the API.
 */
export async function newPaidMemberToken(page: Page, user: TestUser = newUser()): Promise<string> {
  await registerViaApi(page, user);
  runSql(`UPDATE users SET plan_id = 'lifetime', paid_date = now(), end_paid_date = NULL WHERE email = '${user.email.toLowerCase()}'`);
  const login = await page.request.post('/api/user/login', { data: { email: user.email, password: user.password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return ((await login.json()) as { result: { token: string } }).result.token;
}

/**
 * Create an account through the API and sign this page in with its token (stored where the app
 * keeps it), for tests whose subject is not the sign-up form. Ends on `/` loaded.
 */
export async function signInViaApi(page: Page, user: TestUser): Promise<void> {
  await storeToken(page, await registerForToken(page, user));
}

/**
 * Stores an access token where the app keeps it, from a page of the app's origin that runs no
 * script. On a page of the app, the app could pick the token up and use it while the test goes on:
 * a test that then ended the session saw that page's refused call clear the token before its next
 * page loaded (1 run in 5 of `affiliate.spec.ts`, once the browsers recorded no traces).
 */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.goto('/offline.html');
  await page.evaluate((value) => {
    window.localStorage.setItem('token', value);
    window.localStorage.setItem('tokenDate', String(Date.now()));
  }, token);
}

/** Signs an existing account without two-factor in through the API (for tests whose subject is not the login form). */
export async function logInViaApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/user/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { token } = ((await response.json()) as { result: { token?: string } }).result;
  expect(token, `${email} signs in without a second step`).toBeTruthy();
  await storeToken(page, token ?? '');
}

/**
 * A new member who has picked their categories, signed in through the API and on a loaded /home:
 * what signing up through the form and the category picker gives, for tests about what follows.
 */
export async function signInAsNewMember(page: Page, categories: string[] = ['Philosophy']): Promise<TestUser> {
  const user = newUser();
  const token = await registerForToken(page, user);
  const listed = await page.request.get('/api/categories');
  expect(listed.ok(), await listed.text()).toBeTruthy();
  const list = ((await listed.json()) as { result: { categories: { id: number; name: string }[] } }).result.categories;
  const recommends = categories.map((name) => {
    const found = list.find((category) => category.name === name);
    if (!found) throw new Error(`no category ${name} among ${list.map((c) => c.name).join(', ')}`);
    return found.id;
  });
  const picked = await page.request.put('/api/user/recommends', { data: { recommends }, headers: { Authorization: `Bearer ${token}` } });
  expect(picked.ok(), await picked.text()).toBeTruthy();
  await storeToken(page, token);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Books Recommended For You', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome Back/ })).toBeVisible();
  return user;
}

async function registerForToken(page: Page, user: TestUser): Promise<string> {
  const response = await page.request.post('/api/user/register', {
    data: { username: user.email, password: user.password, firstName: user.firstName, lastName: user.lastName, timezone: 'UTC' },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  confirmEmail(user.email);
  return ((await response.json()) as { result: { token: string } }).result.token;
}

/** The folder where this worker's server writes outgoing mail as .eml files. */
export function outboxDir(): string {
  return testServer().outbox;
}

/** Undo quoted-printable soft line breaks (and =XX escapes) when present. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function listMail(dir: string): { file: string; mtime: number }[] {
  if (!fs.existsSync(dir)) return [];
  const found: { file: string; mtime: number }[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.eml')) found.push({ file: full, mtime: fs.statSync(full).mtimeMs });
    }
  };
  walk(dir);
  return found.sort((a, b) => b.mtime - a.mtime);
}

/**
 * Wait for the newest mail addressed to `email` that carries a reset link and return the link's
 * path: /reset-password/<url-encoded email>/<code>.
 */
export async function waitForResetLink(email: string, timeoutMs = 30_000): Promise<string> {
  const encoded = encodeURIComponent(email);
  const link = (): string | undefined => {
    for (const text of mailTexts(email)) {
      const match = text.match(/\/reset-password\/([^/\s"'<>]+)\/([^\s"'<>)\]]+)/);
      if (match && (match[1] === encoded || decodeURIComponent(match[1]) === email)) {
        return `/reset-password/${match[1]}/${match[2]}`;
      }
    }
    return undefined;
  };
  let found: string | undefined;
  await expect.poll(() => (found = link()), { timeout: timeoutMs, message: `a reset mail for ${email} in ${outboxDir()}` }).toBeTruthy();
  if (!found) throw new Error(`no reset mail for ${email}`);
  return found;
}

/**
 * After sign-up (or a first login) /home sends a member without category picks on to
 * /choose-categories/new. Pick `categories` there if asked, and end on a loaded /home.
 */
export async function continueToHome(page: Page, categories: string[] = ['Philosophy']): Promise<void> {
  await expect(page).toHaveURL(/\/(home|choose-categories\/new)$/);
  const picker = page.getByRole('heading', { name: 'Set Preferences', level: 1 });
  const recommended = page.getByRole('heading', { name: 'Books Recommended For You', level: 2 });
  await expect(picker.or(recommended)).toBeVisible();
  if (await picker.isVisible()) {
    for (const name of categories) await page.getByRole('checkbox', { name, exact: true }).check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(recommended).toBeVisible();
  }
}

/** The reader's "index/total" title, e.g. { index: 2, total: 7 }. */
export async function readerPosition(page: Page): Promise<{ index: number; total: number }> {
  const text = (await page.locator('.reader-bar__position').textContent()) ?? '';
  const match = text.match(/^(\d+)\/(\d+)$/);
  expect(match, `position title "${text}"`).not.toBeNull();
  return { index: Number(match![1]), total: Number(match![2]) };
}

/** Fails with a readable list when axe finds WCAG 2.1 A/AA violations on the page as it is. */
export async function expectNoViolations(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `accessibility violations on ${name}`).toEqual([]);
}

/** RFC 4648 base32 (the authenticator secret's alphabet) to bytes. */
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * What an authenticator app shows for `secret` (RFC 6238: SHA-1, 6 digits, 30-second steps),
 * `stepsAhead` steps after now. The server takes one step of drift either side and each step once.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  const step = Math.floor(Date.now() / 1000 / 30) + stepsAhead;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = crypto.createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * Wait for the newest mail addressed to `email` whose text matches `pattern`, and return the
 * match (group 1 is usually what the test wants: a code, a link).
 */
export async function waitForMail(email: string, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  const matching = (): RegExpMatchArray | undefined => {
    for (const text of mailTexts(email)) {
      const match = text.match(pattern);
      if (match) return match;
    }
    return undefined;
  };
  let found: RegExpMatchArray | undefined;
  await expect.poll(() => (found = matching()), { timeout: timeoutMs, message: `a mail for ${email} matching ${pattern} in ${outboxDir()}` }).toBeTruthy();
  if (!found) throw new Error(`no mail for ${email} matching ${pattern}`);
  return found;
}

/** The decoded texts of this worker's mails that name `email` (or its URL-encoded form), newest first. */
function mailTexts(email: string): string[] {
  const wanted = [email.toLowerCase(), encodeURIComponent(email).toLowerCase()];
  return listMail(outboxDir())
    .map(({ file }) => {
      const raw = fs.readFileSync(file, 'utf8');
      return /=\r?\n|=3D/.test(raw) ? decodeQuotedPrintable(raw) : raw;
    })
    .filter((text) => wanted.some((name) => text.toLowerCase().includes(name)));
}
