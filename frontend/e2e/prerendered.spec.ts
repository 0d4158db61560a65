import { expect, test, type Page } from './fixtures';

// `/`, `/books` and `/pricing` come prerendered (scripts/prerender.mjs): their first screen is in the HTML,
// painted before the script has loaded, and React hydrates that markup instead of drawing it again.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page, the catalogue and the pricing page are painted from their HTML; other pages are the empty shell', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The big ideas of great books, in 15 minutes.');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await page.goto('/books');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Summaries');
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unlock every book summary');
    await page.goto('/login');
    await expect(page.getByRole('heading')).toHaveCount(0);
  });
});

/** Keeps the prerendered heading element before the app's scripts run (they are deferred). */
async function rememberPrerenderedHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector('h1');
    });
  });
}

/** React marks the nodes it has taken over (a `__reactFiber$…` key): the heading is hydrated. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

for (const [path, heading] of [
  ['/', 'The big ideas of great books, in 15 minutes.'],
  ['/books', 'Book Summaries'],
  ['/pricing', 'Unlock every book summary'],
] as const) {
  test(`${path} hydrates its prerendered markup: the same elements, no error, working links and buttons`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await rememberPrerenderedHeading(page);
    const html = (await (await page.goto(path))?.text()) ?? '';
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await waitForHydration(page);
    // Every stylesheet the page uses was named by its HTML: none arrives later with the route's
    // chunk and moves what was painted (layout shift).
    const sheets = await page.evaluate(() => [...document.styleSheets].flatMap((sheet) => (sheet.href ? [new URL(sheet.href).pathname] : [])));
    expect(sheets.length).toBeGreaterThan(1);
    for (const sheet of sheets) expect(html, `${sheet} is linked from the HTML`).toContain(sheet);
    // The header's search answers as the app's (a form submitted before hydration would reload
    // the page with ?q=).
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search books' });
    await search.fill('habits');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=habits/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(errors).toEqual([]);
  });

  test(`${path} keeps the prerendered heading element through hydration`, async ({ page }) => {
    await rememberPrerenderedHeading(page);
    await page.goto(path);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Dismiss offer' }).click();
    await expect(page.getByText('Get 40% off Gistbook Premium')).toHaveCount(0);
    const same = await page.evaluate(() => {
      const kept = (window as unknown as { prerendered: Element | null }).prerendered;
      return kept !== null && kept === document.querySelector('h1') && document.contains(kept);
    });
    expect(same).toBe(true);
  });
}

for (const [path, heading] of [
  ['/books?sort=newest', 'Latest'],
  ['/books?category=philosophy', 'Philosophy'],
] as const) {
  test(`${path} shows its own list without a hydration error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expect(page.getByTestId('book-card').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
}
