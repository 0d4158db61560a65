import { expect, test, type Locator, type Page } from './fixtures';
import { expectNoViolations, newPaidMemberToken, newUser, storeToken } from './helpers';

/**
 * The private podcast feed against the seeded catalogue: a new member (made paid here, so that
 * `meditations`, narrated and not free, is theirs to hear) adds `meditations` to their library
 * through the API, creates their feed on /account with the keyboard only, and a podcast app (this
 * test's request context) reads the address the page shows. A new address stops the old one at once.
 */

const TITLE = 'Listen in your podcast app';

/** Tabs from where the focus is until `target` has it (the page's own tab order, nothing skipped). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached with Tab');
}

/** The RSS document at `url`, as a podcast app reads it. */
async function readFeed(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toContain('application/rss+xml');
  return response.text();
}

test('a paid member creates their podcast feed with the keyboard, a podcast app reads it, and a new address stops the old one', async ({ page }) => {
  const user = newUser();
  const token = await newPaidMemberToken(page, user);
  const saved = await page.request.post('/api/library', { headers: { Authorization: `Bearer ${token}` }, data: { bookId: 'meditations' } });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await storeToken(page, token);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const card = page.getByRole('region', { name: TITLE });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();

  // Create the feed: Tab to the button, Enter; the new address takes the focus.
  const create = card.getByRole('button', { name: 'Create my feed' });
  await expect(create).toBeVisible();
  await tabTo(page, create);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/user/podcast-feed') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await created).ok()).toBe(true);
  const field = card.getByRole('textbox', { name: 'Your feed address' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('readonly', '');
  const first = await field.inputValue();
  expect(first).toMatch(/\/feeds\/[\w-]+\.xml$/);
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  // Copy with the keyboard.
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Copy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await expectNoViolations(page, '/account with a new podcast feed address');

  // A podcast app reads it: private, and the library's narrated book is an episode.
  const xml = await readFeed(page, first);
  expect(xml).toContain('<itunes:block>Yes</itunes:block>');
  const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
  expect(items, xml).toHaveLength(1);
  expect(items[0]).toMatch(/<title>Meditations[^<]*<\/title>/);
  expect(items[0]).toMatch(/<enclosure [^>]*url="[^"]*\/feeds\/[\w-]+\/meditations\.\w+"/);

  // "All audio summaries" with the arrow keys: saved at once, and the feed holds more than the library.
  const library = card.getByRole('radio', { name: /My library/ });
  await expect(library).toBeChecked();
  await tabTo(page, library);
  const scoped = page.waitForResponse((r) => r.url().endsWith('/api/user/podcast-feed/settings') && r.request().method() === 'PUT');
  await page.keyboard.press('ArrowDown');
  expect((await scoped).ok()).toBe(true);
  await expect(card.getByRole('radio', { name: /All audio summaries/ })).toBeChecked();
  await expect(card.getByRole('status').filter({ hasText: 'Saved: your feed now holds all audio summaries.' })).toBeVisible();
  const everything = (await readFeed(page, first)).match(/<item>/g) ?? [];
  expect(everything.length).toBeGreaterThan(1);

  // A new address, after a second step: the old one answers 404 at once, the new one the feed.
  const rotate = card.getByRole('button', { name: 'Get a new address' });
  await tabTo(page, rotate);
  await page.keyboard.press('Enter');
  const question = card.getByRole('group', { name: 'Get a new address?' });
  await expect(question.getByText('Get a new address?')).toBeFocused();
  const yes = question.getByRole('button', { name: 'Yes, get a new address' });
  await tabTo(page, yes);
  const rotated = page.waitForResponse((r) => r.url().endsWith('/api/user/podcast-feed') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await rotated).ok()).toBe(true);
  await expect(field).toBeFocused();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect(second).toMatch(/\/feeds\/[\w-]+\.xml$/);
  expect((await page.request.get(first)).status()).toBe(404);
  expect(await readFeed(page, second)).toContain('<itunes:block>Yes</itunes:block>');

  // After a reload the address is not shown again; the page says why. At a phone's width nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(card.getByText(/For your safety the address is shown only once/)).toBeVisible();
  await expect(field).toHaveCount(0);
  await expect(card.getByRole('radio', { name: /All audio summaries/ })).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoViolations(page, '/account with the podcast feed on, at a phone width');
});
