import { expect, test, type APIRequestContext, type Browser, type Page, type Request } from './fixtures';
import crypto from 'node:crypto';
import { makePng, makeWav, notReallyAnMp3, signInAsAdmin } from './admin-helpers';
import { expectNoViolations, logInViaApi } from './helpers';

/**
 * Back office II against the real server: an admin of its own (two-factor on, see admin-helpers.ts)
 * creates a goal (and links a seeded book to it), a podcast with audio, a blog post with a photo,
 * an insight and a collection; then the seeded Premium member (lifetime plan) finds each where
 * members look: the podcast on /podcasts with a player, the goal in the /books goal filter, the
 * post on the blog, the insight on the book's page and the collection on /collections.
 * Every title is unique per run, so the test can run again on the same database.
 */

const PREMIUM = { email: 'premium@gistbook.app', password: 'gistbook-premium' };

async function adminNav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true }).click();
}

/** The id in an add screen's "“Title” (#id)" heading. */
async function addedId(page: Page, title: string): Promise<number> {
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(heading).toBeVisible();
  const id = Number(/#(\d+)/.exec((await heading.textContent()) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

/** A seeded book's numeric id, from the public book call. */
async function bookId(request: APIRequestContext, subid: string): Promise<number> {
  const response = await request.get(`/api/books/${subid}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  const { book } = ((await response.json()) as { result: { book: { id: number } } }).result;
  return book.id;
}

/**
 * Every request a page makes as it happens: what, when it was sent and when (or how) it ended, in
 * seconds from the recorder's start. `explain(check)` adds them to the message of a check that
 * fails: first one line for the suite's summary (the count, the slowest, the unanswered), then each.
 */
function recordCalls(page: Page): { explain: (check: Promise<unknown>) => Promise<void> } {
  const started = Date.now();
  const now = () => (Date.now() - started) / 1000;
  interface Call {
    name: string;
    sent: number;
    ended?: number;
    outcome?: string;
  }
  const calls = new Map<Request, Call>();
  page.on('request', (request) => calls.set(request, { name: `${request.method()} ${new URL(request.url()).pathname}`, sent: now() }));
  const end = (request: Request, outcome: string) => {
    const call = calls.get(request);
    if (call && call.ended === undefined) Object.assign(call, { ended: now(), outcome });
  };
  page.on('response', (response) => end(response.request(), String(response.status())));
  page.on('requestfailed', (request) => end(request, `failed (${request.failure()?.errorText ?? 'no reason'})`));
  const s = (seconds: number) => `${seconds.toFixed(1)} s`;
  const describe = (failedAt: number) => {
    const all = [...calls.values()];
    const took = (call: Call) => (call.ended ?? failedAt) - call.sent;
    const slowest = [...all].sort((a, b) => took(b) - took(a)).slice(0, 3);
    const unanswered = all.filter((call) => call.ended === undefined);
    const summary =
      `${all.length} requests by ${s(failedAt)}; slowest: ${slowest.map((call) => `${call.name} ${s(took(call))} from ${s(call.sent)}`).join(', ')}` +
      (unanswered.length ? `; unanswered: ${unanswered.map((call) => call.name).join(', ')}` : '');
    const each = all.map(
      (call) => `${call.name}: sent ${s(call.sent)}, ${call.ended === undefined ? 'no answer' : `${call.outcome ?? ''} at ${s(call.ended)}`}`,
    );
    return `${summary}\n${each.join('\n')}`;
  };
  return {
    explain: async (check) => {
      try {
        await check;
      } catch (error) {
        throw new Error(`${describe(now())}\n${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
  };
}

/** Makes an admin of this test's own (two-factor on), signs them in and opens the back office. */
async function openBackOffice(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
}

/** Runs `check` as the seeded Premium member, in a browser context of their own. */
async function asPremiumMember(browser: Browser, check: (member: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    // Through the API, the token stored from a page that runs no script (helpers.ts, storeToken).
    await logInViaApi(member, PREMIUM.email, PREMIUM.password);
    // Twice in CI (no 503 counted) a member's page did not show what the admin had added within
    // the checks' 20 s (once /api/goals was sent 26 s after the page was asked for): a failure
    // lists every request of the member's page and its times.
    await recordCalls(member).explain(check(member));
  } finally {
    await context.close();
  }
}

// Five kinds of content, each published by an admin of its own and then found by a member. As one
// session they took 288 s of 300 s on two loaded cores; as four tests the workers share them.

test('an admin publishes a goal with a photo and links a seeded book to it, and a member finds it in the goal filter', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(4).toString('hex');
  const goalTitle = `E2E goal ${tag}`;
  const walden = await bookId(request, 'walden');
  await openBackOffice(page);

  // ---- a goal, and a book that serves it --------------------------------------------------------
  await adminNav(page, 'Goals');
  await expect(page.getByRole('heading', { level: 1, name: 'Goals' })).toBeVisible();
  await page.getByRole('link', { name: 'Add goal' }).click();
  await page.getByRole('button', { name: 'Add goal' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please specify Title\./);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(goalTitle);
  await page.getByRole('button', { name: 'Add goal' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please specify Short Title\./);
  await page.getByRole('textbox', { name: 'Short Title', exact: true }).fill(`Goal ${tag}`);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Read a little every day.');
  await page.getByRole('button', { name: 'Add goal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Goal was added.' })).toBeVisible();
  const goalId = await addedId(page, goalTitle);
  await page.getByRole('link', { name: 'Featured photo' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/goals/featured-photo/${goalId}$`));
  await page.getByLabel('Featured photo file').setInputFiles({ name: 'goal.png', mimeType: 'image/png', buffer: makePng(64) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The photo was uploaded.' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Current featured photo of ${goalTitle}` })).toBeVisible();

  await page.goto(`/admin/book-edit/${walden}`);
  const goals = page.getByRole('group', { name: 'Goals' });
  await goals.getByRole('checkbox', { name: goalTitle, exact: true }).check();
  await page.getByRole('button', { name: 'Save book' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Book was updated.' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Goals' }).getByRole('checkbox', { name: goalTitle, exact: true })).toBeChecked();

  // ---- the member ----------------------------------------------------------------------------
  await asPremiumMember(browser, async (member) => {
    // The goal in the goal filter of /books, with Walden among its books.
    await member.goto('/books');
    const goalSection = member.getByRole('region', { name: 'Books for your goal' });
    await goalSection.getByRole('combobox', { name: 'Your goal' }).selectOption({ label: goalTitle });
    await goalSection.getByRole('button', { name: 'Show books' }).click();
    await expect(member).toHaveURL(new RegExp(`/books\\?goal=${goalId}$`));
    await expect(member.getByRole('list', { name: 'Filters' })).toContainText(`Goal: ${goalTitle}`);
    await expect(member.getByTestId('book-card')).toHaveCount(1);
    await expect(member.getByTestId('book-card').getByRole('link').first()).toHaveAttribute('href', /\/books\/walden$/);
    await expectNoViolations(member, '/books?goal=');
  });
});

test('an admin publishes a podcast with audio (a fake MP3 refused) and a cover, and a member plays it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(4).toString('hex');
  const podcastTitle = `E2E podcast ${tag}`;
  await openBackOffice(page);

  // ---- a podcast with audio ------------------------------------------------------------------
  await adminNav(page, 'Podcasts');
  await page.getByRole('link', { name: 'Add podcast' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(podcastTitle);
  await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Ada Tester');
  await page.getByRole('button', { name: 'Add podcast' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please specify Author Description\./);
  await page.getByRole('textbox', { name: 'Author Description', exact: true }).fill('Talks about books for a living.');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A short episode recorded by the browser test.');
  await page.getByRole('spinbutton', { name: 'Minutes' }).fill('1');
  await expectNoViolations(page, '/admin/podcast-add');
  await page.getByRole('button', { name: 'Add podcast' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Podcast was added.' })).toBeVisible();
  const podcastId = await addedId(page, podcastTitle);
  await page.getByRole('link', { name: 'Audio', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/podcast-media/${podcastId}$`));
  await expect(page.getByText('This podcast has no audio yet.')).toBeVisible();
  // A file that only starts like an MP3 is refused, saying what to choose (ffprobe on the server).
  await page.getByLabel('Audio file').setInputFiles({ name: 'episode.mp3', mimeType: 'audio/mpeg', buffer: notReallyAnMp3() });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/This file could not be read as audio: it may be damaged or not really an audio file\./);
  await expect(page.getByText('This podcast has no audio yet.')).toBeVisible();
  await page.getByLabel('Audio file').setInputFiles({ name: 'episode.wav', mimeType: 'audio/wav', buffer: makeWav(2) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The media was uploaded.' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.locator('audio')).toHaveAttribute('src', /\S/);
  await page.goto(`/admin/podcast-photo/${podcastId}`);
  await page.getByLabel('Cover photo file').setInputFiles({ name: 'podcast.png', mimeType: 'image/png', buffer: makePng() });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The photo was uploaded.' })).toBeVisible();
  await adminNav(page, 'Podcasts');
  await expect(page.getByRole('row', { name: new RegExp(podcastTitle) }).getByRole('link', { name: `Edit ${podcastTitle}` })).toHaveAttribute(
    'href',
    `/admin/podcasts/${podcastId}`,
  );
  await expectNoViolations(page, '/admin/podcasts');

  // ---- the member ----------------------------------------------------------------------------
  await asPremiumMember(browser, async (member) => {
    // The podcast on /podcasts, with a player that loads the signed audio.
    await member.goto('/podcasts');
    await member.getByRole('link', { name: podcastTitle }).click();
    await expect(member).toHaveURL(new RegExp(`/podcasts/${podcastId}$`));
    await expect(member.getByRole('heading', { level: 1, name: podcastTitle })).toBeVisible();
    const player = member.locator('audio');
    // The player comes with the signed audio address, a second request after the page's own.
    await expect(player).toHaveAttribute('controls', '', { timeout: 30_000 });
    await expect(player).toHaveAttribute('src', /\/media\//);
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectNoViolations(member, '/podcasts/{id}');

    // The player page at 375 px does not widen the page.
    await member.setViewportSize({ width: 375, height: 812 });
    await member.goto(`/podcasts/${podcastId}`);
    await expect(member.locator('audio')).toBeVisible();
    expect(await member.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

test('an admin publishes a blog post with a photo and sanitised text, and a member reads it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(4).toString('hex');
  const postTitle = `E2E post ${tag}`;
  await openBackOffice(page);

  // ---- a blog post with a photo ----------------------------------------------------------------
  await adminNav(page, 'Blog');
  await page.getByRole('link', { name: 'Add post' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(postTitle);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('What the browser test read this week.');
  await page.getByRole('button', { name: 'Add post' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please specify Categories\./);
  await page.getByRole('combobox', { name: 'Categories' }).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill(`<h2>Notes ${tag}</h2><p>Small steps add up.</p><script>window.hacked = true</script>`);
  await page.getByRole('button', { name: 'Add post' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The post has been added.' })).toBeVisible();
  const postId = await addedId(page, postTitle);
  await page.getByRole('link', { name: 'Photo', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog-photo/${postId}$`));
  await page.getByLabel('Photo file').setInputFiles({ name: 'post.png', mimeType: 'image/png', buffer: makePng() });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The photo was uploaded.' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Current photo of ${postTitle}` })).toBeVisible();
  // The edit page previews the stored, sanitised text.
  await page.goto(`/admin/blog-edit/${postId}`);
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('heading', { level: 2, name: `Notes ${tag}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).not.toHaveValue(/script/);
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  await expectNoViolations(page, '/admin/blog-edit');
  await adminNav(page, 'Blog');
  await expect(page.getByRole('row', { name: new RegExp(postTitle) })).toBeVisible();

  // The blog list at 375 px: the table scrolls inside its region, the page does not widen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/blog-list');
  await expect(page.getByRole('region', { name: 'Blog posts' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // ---- the member ----------------------------------------------------------------------------
  await asPremiumMember(browser, async (member) => {
    // The post on the blog, with its photo.
    await member.goto('/blog');
    const card = member.getByRole('article').filter({ hasText: postTitle });
    await expect(card.locator('img')).toHaveAttribute('src', /\S/);
    await card.getByRole('link', { name: postTitle }).click();
    await expect(member.getByRole('heading', { level: 1, name: postTitle })).toBeVisible();
    await expect(member.getByRole('heading', { level: 2, name: `Notes ${tag}` })).toBeVisible();
  });
});

test('an admin adds an insight and a collection of a seeded book, and a member finds both', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(4).toString('hex');
  const quote = `Simplicity is the whole of it (${tag}).`;
  const collectionTitle = `E2E collection ${tag}`;
  const walden = await bookId(request, 'walden');
  await openBackOffice(page);

  // ---- an insight from Walden ----------------------------------------------------------------
  await adminNav(page, 'Insights');
  await page.getByRole('link', { name: 'Add Insight' }).click();
  await page.getByRole('textbox', { name: 'Quote', exact: true }).fill(quote);
  await page.getByRole('textbox', { name: 'Book', exact: true }).fill('no-such-book-anywhere');
  await page.getByRole('button', { name: 'Add insight' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Please enter the id or address name of a book\./);
  await page.getByRole('textbox', { name: 'Book', exact: true }).fill('walden');
  await page.getByRole('button', { name: 'Add insight' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Insight was added.' })).toBeVisible();
  await adminNav(page, 'Insights');
  await expect(page.getByRole('table')).toBeVisible();

  // ---- a collection with Walden --------------------------------------------------------------
  await adminNav(page, 'Collections');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('link', { name: 'Add collection' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(collectionTitle);
  await page.getByRole('textbox', { name: 'Subtitle', exact: true }).fill('Chosen by the browser test.');
  await page.getByRole('textbox', { name: 'Books', exact: true }).fill(String(walden));
  await page.getByRole('button', { name: 'Add collection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The collection was added.' })).toBeVisible();
  await adminNav(page, 'Collections');
  await page.getByRole('button', { name: /Title/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(collectionTitle) })).toBeVisible();
  await expectNoViolations(page, '/admin/collections');

  // ---- the member ----------------------------------------------------------------------------
  await asPremiumMember(browser, async (member) => {
    // The insight on Walden's page.
    await member.goto('/books/walden');
    const insights = member.getByRole('region', { name: /^Insights from / });
    await expect(insights.getByText(quote)).toBeVisible();

    // The collection on /collections, with Walden in it.
    await member.goto('/collections');
    await member.getByRole('link', { name: collectionTitle }).click();
    await expect(member.getByRole('heading', { level: 1, name: collectionTitle })).toBeVisible();
    await expect(member.getByTestId('book-card').getByRole('link').first()).toHaveAttribute('href', /\/books\/walden$/);
  });
});
