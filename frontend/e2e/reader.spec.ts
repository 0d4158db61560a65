import { expect, test } from './fixtures';
import {
  expectNoViolations,
  fillSignup,
  logInViaApi,
  newPaidMemberToken,
  newUser,
  readerPosition,
  signInAsNewMember,
  signInViaApi,
  storeToken,
} from './helpers';

/**
 * The summary reader, the video page and the visuals against the seeded catalogue
 * (`cargo xtask seed`): `the-way-to-wealth` is a free book; `meditations`, `walden`,
 * `the-art-of-war` and `on-liberty` are not.
 */

test('a visitor sees the first section and the login paywall, without Next or Previous', async ({ page }) => {
  await page.goto('/books/meditations');
  await expect(page.getByRole('heading', { level: 1, name: 'Meditations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log in or start your free trial to keep reading' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login?redirect=%2Fbooks%2Fmeditations');
  await expect(page.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/signup?redirect=%2Fbooks%2Fmeditations');
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play audio' })).toHaveCount(0);
  // Exactly one section of text.
  await expect(page.locator('.reader__section')).toHaveCount(1);
  await expectNoViolations(page, '/books/meditations (visitor)');

  // The paywall's login comes back to the book.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbooks%2Fmeditations$/);
});

test("a visitor's book page comes with its book: the summary is drawn without the book call, with the page's title", async ({ page }) => {
  const bookCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/books/')) bookCalls.push(request.url());
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/books/meditations');
  // The HTML names the book before any script runs (for people and for search engines).
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<title>Meditations · Gistbook</title>');
  expect(html).toMatch(/<script type="application\/json" id="book-data" data-key="meditations">/);
  await expect(page).toHaveTitle('Meditations · Gistbook');
  await expect(page.getByRole('heading', { level: 1, name: 'Meditations' })).toBeVisible();
  await expect(page.locator('.reader__section')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Log in or start your free trial to keep reading' })).toBeVisible();
  expect(bookCalls).toEqual([]);
  // The reader's chunks came with the page (preloaded), and no Content-Security-Policy refusal.
  expect(errors).toEqual([]);
});

test("a member's browser ignores the visitor's book in the page and reads as the member", async ({ page }) => {
  await signInViaApi(page, newUser());
  const bookCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/books/the-way-to-wealth') bookCalls.push(request.url());
  });
  await page.goto('/books/the-way-to-wealth');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Log in or start your free trial/ })).toHaveCount(0);
  expect(bookCalls.length).toBeGreaterThan(0);
});

test("a member's book call leaves with the page, before the app's scripts have run, and only once", async ({ page }) => {
  await storeToken(page, await newPaidMemberToken(page));
  const bookCalls: string[] = [];
  let bookCallSent = () => {};
  const bookCallLeft = new Promise<void>((resolve) => (bookCallSent = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/books/meditations') return;
    bookCalls.push(request.headers().authorization ?? 'no token');
    bookCallSent();
  });
  // The app's scripts arrive only once the call has left: sent by the app, it would wait for them
  // (src/early-book.ts sends it from the page), and the reader would never draw.
  await page.route(/\/assets\/vendor\.[0-9a-f]+\.js$/, async (route) => {
    await bookCallLeft;
    await route.continue();
  });
  await page.goto('/books/meditations');
  await expect(page.getByRole('heading', { level: 1, name: 'Meditations' })).toBeVisible();
  // The whole book, as the paid member reads it, from that one call.
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Log in or start your free trial/ })).toHaveCount(0);
  expect(bookCalls).toEqual([expect.stringMatching(/^Bearer \S+$/)]);
});

test('a visitor is sent to log in for the video of a book that is not free, and for its visuals', async ({ page }) => {
  await page.goto('/video/meditations');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fvideo%2Fmeditations$/);
  await page.goto('/visuals/meditations');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fvisuals%2Fmeditations$/);
});

test('a member reads a free book: sections, font size, dark mode, contents and audio', async ({ page }) => {
  await signInAsNewMember(page);
  await page.goto('/books/the-way-to-wealth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const previous = page.getByRole('button', { name: 'Previous', exact: true });
  await expect(next).toBeVisible();
  await expect(page.getByRole('heading', { name: /Log in or start your free trial/ })).toHaveCount(0);

  const { total } = await readerPosition(page);
  expect(total).toBeGreaterThan(2);
  await expect(page.locator('.reader-bar__position')).toHaveText(`1/${total}`);
  await expect(previous).toBeDisabled();

  // Arrow keys (nothing focused: the page itself).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('.reader-bar__position')).toHaveText(`1/${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.reader-bar__position')).toHaveText(`2/${total}`);
  await expect(page.getByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute('aria-valuenow', '2');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.reader-bar__position')).toHaveText(`3/${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('.reader-bar__position')).toHaveText(`2/${total}`);

  // Buttons.
  await next.click();
  await expect(page.locator('.reader-bar__position')).toHaveText(`3/${total}`);
  await previous.click();
  await previous.click();
  await expect(page.locator('.reader-bar__position')).toHaveText(`1/${total}`);
  await expect(previous).toBeDisabled();

  // Font size: 3 levels, then back to 1.
  const reader = page.locator('.reader');
  await expect(reader).toHaveAttribute('data-font-level', '1');
  const sizeBefore = await page.locator('.reader__body').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  await page.getByRole('button', { name: 'Font size, level 1 of 3' }).click();
  await expect(reader).toHaveAttribute('data-font-level', '2');
  const sizeAfter = await page.locator('.reader__body').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(sizeAfter).toBeGreaterThan(sizeBefore);
  await page.getByRole('button', { name: 'Font size, level 2 of 3' }).click();
  await expect(reader).toHaveAttribute('data-font-level', '3');
  await page.getByRole('button', { name: 'Font size, level 3 of 3' }).click();
  await expect(reader).toHaveAttribute('data-font-level', '1');

  // Dark mode: a class on <body>.
  const darkMode = page.getByRole('button', { name: 'Dark mode' });
  await darkMode.click();
  await expect(page.locator('body')).toHaveClass(/\bdark-mode\b/);
  await expect(darkMode).toHaveAttribute('aria-pressed', 'true');
  await darkMode.click();
  await expect(page.locator('body')).not.toHaveClass(/\bdark-mode\b/);

  // Contents: the sidebar takes focus, jumps, and gives focus back.
  const contents = page.getByRole('button', { name: 'Contents' });
  await contents.click();
  const toc = page.getByRole('dialog', { name: 'Contents' });
  await expect(toc).toBeVisible();
  expect(await toc.evaluate((el) => el.getBoundingClientRect().width)).toBe(480);
  await page.keyboard.press('ArrowRight'); // ignored while a sidebar is open
  await toc.locator('.reader-toc__item').nth(2).click();
  await expect(toc).toBeHidden();
  await expect(page.locator('.reader-bar__position')).toHaveText(`3/${total}`);
  await expect(contents).toBeFocused();
  await contents.click();
  await page.keyboard.press('Escape');
  await expect(toc).toBeHidden();

  // Audio: play, then 1.5x.
  const audio = page.locator('audio');
  await expect(audio).toHaveAttribute('preload', 'metadata');
  await audio.evaluate((el: HTMLAudioElement) => {
    el.addEventListener('playing', () => el.setAttribute('data-played', 'yes'), { once: true });
  });
  await page.getByRole('button', { name: 'Play audio' }).click();
  await expect(audio).toHaveAttribute('data-played', 'yes');
  const speed = page.getByRole('button', { name: /^Playback speed/ });
  await expect(speed).toHaveText('1x');
  await speed.click();
  await expect(speed).toHaveText('1.25x');
  await speed.click();
  await expect(speed).toHaveText('1.5x');
  await expect(speed).toHaveAccessibleName('Playback speed 1.5x');
  expect(await audio.evaluate((el: HTMLAudioElement) => el.playbackRate)).toBe(1.5);
  const pause = page.getByRole('button', { name: 'Pause audio' });
  if (await pause.isVisible()) await pause.click();

  await expectNoViolations(page, '/books/the-way-to-wealth (member)');
});

test('a visitor who starts the free trial from a book comes back to that book, and is asked before a free summary goes', async ({ page }) => {
  await page.goto('/books/meditations');
  await page.getByRole('link', { name: 'Start your free trial' }).click();
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fbooks%2Fmeditations$/);
  await fillSignup(page, newUser());
  await expect(page).toHaveURL(/\/books\/meditations$/);
  await expect(page.getByRole('heading', { name: 'Use 1 of your 3 free summaries on Meditations?' })).toBeVisible();
  // The header's links come back here too.
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/books/walden');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?redirect=%2Fbooks%2Fwalden');
});

test('a free member meets the upgrade paywall on the fourth book that is not free', async ({ page }) => {
  await signInAsNewMember(page);
  // Each premium book asks first, with the count left; nothing is spent before the yes.
  for (const [subid, question] of [
    ['meditations', 'Use 1 of your 3 free summaries on Meditations?'],
    ['walden', 'Use 1 of your 2 free summaries on Walden?'],
    ['the-art-of-war', 'Use your last free summary on The Art of War?'],
  ] as const) {
    await page.goto(`/books/${subid}`);
    await expect(page.getByRole('heading', { name: question })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    if (subid === 'the-art-of-war') await expect(page.getByRole('link', { name: 'Invite a friend' })).toBeVisible();
    await page.getByRole('button', { name: 'Use a free summary' }).click();
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You have used your free summaries' })).toHaveCount(0);
  }
  await page.goto('/books/on-liberty');
  await expect(page.getByRole('heading', { name: 'You have used your free summaries' })).toBeVisible();
  await expect(page.getByText('Upgrade to access unlimited summaries')).toBeVisible();
  await expect(page.getByRole('link', { name: 'invite a friend' })).toHaveAttribute('href', '/refer-a-friend');
  await expect(page.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/pricing?limit_reached=yes');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
  await expect(page.locator('.reader__section')).toHaveCount(1);

  // An unlocked book stays unlocked.
  await page.goto('/books/walden');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();

  // Not paid: the video of a book that is not free sends the member to /try.
  await page.goto('/video/walden');
  await expect(page).toHaveURL(/\/try$/);
});

test('/book-detail hides the header and footer unless there is a redirect', async ({ page }) => {
  await page.goto('/book-detail/the-way-to-wealth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.site-header')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.goto('/book-detail/the-way-to-wealth?redirect=%2Fhome');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('the visuals list shows its stats and links each book to its viewer', async ({ page }) => {
  await signInAsNewMember(page);
  await page.goto('/visuals');
  await expect(page.getByRole('heading', { level: 1, name: 'Visual Book Summaries' })).toBeVisible();
  const cards = page.locator('.visual-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('.visuals__stats')).toContainText(String(await cards.count()));
  await expect(page.locator('.visuals__stats')).toContainText('100%');
  await expect(page.locator('.visuals__stats')).toContainText('5 Min');
  await expect(cards.first()).toHaveAttribute('href', /^\/visuals\/\d+$/);
  await expectNoViolations(page, '/visuals');
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the reader fits a 375 px window and its sidebars take the full width', async ({ page }) => {
    await signInAsNewMember(page);
    await page.goto('/books/the-way-to-wealth');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Options' }).click();
    const options = page.getByRole('dialog', { name: 'Options' });
    await expect(options).toBeVisible();
    // Sub-pixel rounding (374.99997) while the slide-in settles is still the full width.
    expect(await options.evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo(375, 0);
    await expectNoViolations(page, '/books/the-way-to-wealth at 375px with options open');
    // The sidebar covers the whole width (and so the overlay): its close button closes it.
    await options.getByRole('button', { name: 'Close options' }).click();
    await expect(options).toBeHidden();
    await expect(page.getByRole('button', { name: 'Options' })).toBeFocused();
  });
});

test('a paid member browses visuals with the keyboard', async ({ page }) => {
  // The seed's member with a lifetime plan.
  await logInViaApi(page, 'premium@gistbook.app', 'gistbook-premium');
  await page.goto('/visuals/meditations');
  const counter = page.locator('.carousel__counter');
  const slide = page.getByTestId('visual-slide');
  // Each move fades for 300 ms and ignores keys until the fade ends: wait for it to end.
  const settled = () => expect(slide).not.toHaveClass(/carousel__slide--fading/);
  await expect(counter).toHaveText('1 of 6');
  await expect(page.getByRole('img', { name: 'A notebook, not a lecture' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('2 of 6');
  await settled();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('3 of 6');
  await settled();
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('2 of 6');
  await settled();
  await page.getByRole('button', { name: 'Go to slide 6' }).click();
  await expect(counter).toHaveText('6 of 6');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Back to Visuals' })).toHaveAttribute('href', '/visuals');
});
