import { expect, test, type Page } from './fixtures';
import { makePng, makeWav, recordProgress, registerMember, signInAsAdmin, uniqueTitle } from './admin-helpers';
import { expectNoViolations, newUser, signInViaApi, uniqueEmail } from './helpers';

/**
 * The back office against the real server. Each test's admin is its own, made through the API
 * with two-factor on and signed in with a code (see admin-helpers.ts).
 */

const today = () => new Date().toISOString().slice(0, 10);

async function adminNav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true }).click();
}

// The back office's work is split into three tests, each with its own admin and data, so the
// workers share it: as one session (a book with two uploads, a preview, a plan, stats, the audit
// log) it outran 240 s when the fuzzer and the Rust tests shared the two cores with it.

test('an admin adds a book with a cover and narration, edits it and makes it the preview, and a member sees it', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const title = uniqueTitle();
  await signInAsAdmin(page);

  // The user menu leads an admin to the back office.
  await page.goto('/account');
  await page.getByRole('button', { name: /My Account/ }).click();
  await page.getByRole('link', { name: 'Back office' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();

  // Add a book with two categories.
  await adminNav(page, 'Books');
  await page.getByRole('link', { name: 'Add book' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add book' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please specify Title\./);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Ada Tester');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A book added by the browser test.');
  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('checkbox', { name: 'Philosophy' }).check();
  await categories.getByRole('checkbox', { name: 'Productivity' }).check();
  await page.getByRole('textbox', { name: 'Summary (HTML)' }).fill('<h2>First idea</h2><p>Small steps add up.</p><script>window.hacked = true</script>');
  await page.getByRole('textbox', { name: 'What you will learn' }).fill('Start small\nKeep going');
  await expectNoViolations(page, '/admin/book-add');
  await page.getByRole('button', { name: 'Add book' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Book was added.' })).toBeVisible();
  const added = (await page.getByRole('heading', { level: 2, name: new RegExp(title) }).textContent()) ?? '';
  const bookId = Number(/#(\d+)/.exec(added)?.[1]);
  expect(bookId).toBeGreaterThan(0);

  // The cover: a PNG made here.
  await page.getByRole('link', { name: 'Cover photo' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/book-photo/${bookId}$`));
  await expect(page.getByText('This book has no cover photo yet.')).toBeVisible();
  await page.getByLabel('Cover photo file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng() });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The photo was uploaded.' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('img', { name: `Current cover photo of ${title}` })).toBeVisible();

  // The narration: a WAV made here, sent through a slowed-down upload so the progress is seen moving.
  await page.goto(`/admin/book-media/${bookId}`);
  await expect(page.getByText('This book has no audio narration yet.')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  const progress = await recordProgress(page);
  await page.getByLabel('Audio narration file').setInputFiles({ name: 'narration.wav', mimeType: 'audio/wav', buffer: makeWav(30) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  await expect(page.getByLabel('Audio narration file')).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'The media was uploaded.' })).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const seen = await progress();
  expect(
    seen.some((step) => step.value > 0 && step.value < 100 && !step.done),
    JSON.stringify(seen),
  ).toBe(true);
  expect(seen[seen.length - 1]).toEqual({ value: 100, done: true });
  await expect(page.locator('audio')).toHaveAttribute('src', /\S/);

  // A member sees the new book on /books.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInViaApi(memberPage, newUser());
  await memberPage.goto('/books');
  await expect(memberPage.getByRole('link', { name: title }).first()).toBeVisible();

  // Edit it: the saved values come back with the sanitised summary as the preview.
  await page.goto(`/admin/book-edit/${bookId}`);
  await expect(page.getByRole('textbox', { name: 'Image' })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Edited by the browser test.');
  await page.getByRole('button', { name: 'Save book' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Book was updated.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Edited by the browser test.');
  await expect(page.getByRole('heading', { level: 2, name: 'First idea' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Summary (HTML)' })).not.toHaveValue(/script/);
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  await expectNoViolations(page, '/admin/book-edit');

  // Make it this month's preview from the list.
  await page.getByRole('link', { name: '← Back to the books list' }).click();
  await page.getByRole('button', { name: `Make this month's preview: ${title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${title}” is this month's preview for free members.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) }).getByText("This month's preview")).toBeVisible();
  await memberContext.close();
});

test('an admin finds a member by e-mail, changes their plan with a reason, and finds the change in the audit log', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await signInAsAdmin(page);
  await page.goto('/admin');

  // Find a member by e-mail and change their plan, with a reason.
  const email = uniqueEmail();
  await registerMember(request, email);
  await adminNav(page, 'Members');
  const search = page.getByRole('search', { name: 'Members' });
  await search.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(email);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`1 user found for “${email}”.`)).toBeVisible();
  await expectNoViolations(page, '/admin/users');
  await page.getByRole('link', { name: `Edit ${email}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^User #\d+$/ })).toBeVisible();
  const memberId = /\/admin\/users\/(\d+)$/.exec(page.url())?.[1] ?? '';
  expect(memberId).not.toBe('');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await page.getByRole('combobox', { name: 'Plan' }).selectOption('lifetime');
  await page.getByLabel('Paid Date').fill(today());
  await page.getByRole('textbox', { name: 'Reason for the plan change' }).fill('Paid by bank transfer (e2e)');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `User #${memberId} was updated.` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('lifetime');
  await expect(page.getByRole('textbox', { name: 'Reason for the plan change' })).toHaveCount(0);

  // The plan change is in the audit log with its reason.
  await adminNav(page, 'Audit log');
  await expect(page.getByRole('table')).toBeVisible();
  const filter = page.getByRole('form', { name: 'Filter the audit log' });
  await filter.getByRole('combobox', { name: 'Action' }).selectOption('member.plan_changed');
  await filter.getByRole('searchbox', { name: 'Member or book id' }).fill(memberId);
  await filter.getByRole('button', { name: 'Filter' }).click();
  const change = page.getByRole('row').filter({ hasText: 'Paid by bank transfer (e2e)' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Plan changed');
  await expect(change).toContainText(admin.email);
  await expect(change).toContainText('lifetime');
  await expectNoViolations(page, '/admin/audit');
});

test('an admin reads the stats with their chart and legend, downloads them as CSV, and the books list fits a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.goto('/admin');

  // The stats page: key figures, the chart (and its table), the CSV.
  await adminNav(page, 'Stats');
  await expect(page.getByRole('heading', { level: 2, name: /Key figures/ })).toBeVisible();
  await expect(page.locator('dt').filter({ hasText: /^Members$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Line chart of sign-ups/ })).toBeVisible();
  await expect(page.locator('.series-chart canvas').first()).toBeVisible();
  // The legend names each line in words, beside a sample of it.
  const legend = page.getByRole('list', { name: 'Legend' });
  for (const name of ['Sign-ups', 'Active members', 'Completions', 'Purchases']) {
    await expect(legend.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  }
  await expect(legend.locator('svg')).toHaveCount(4);
  await expectNoViolations(page, '/admin/stats');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^gistbook-stats-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);

  // The books list at 375 px: the table scrolls inside its region, the page does not widen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/books-list');
  await expect(page.getByRole('region', { name: 'Books' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' })).toBeInViewport();
});

test('a member who types an admin address sees the 403 page, and the server refuses them', async ({ page }) => {
  await signInViaApi(page, newUser());
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('This page is for administrators.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const answer = await page.request.get('/api/admin/user/0', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(403);
});

test('a visitor on an admin address is sent to sign up first', async ({ page }) => {
  await page.goto('/admin/stats');
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fadmin%2Fstats$/);
});
