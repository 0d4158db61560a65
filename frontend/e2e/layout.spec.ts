import { expect, test, type Page } from './fixtures';
import { newUser, signInViaApi } from './helpers';

// The seed's running offer (WELCOME40), as the banner words it.
const OFFER = /Get 40% off Gistbook Premium — until /;

test('the offer banner stays dismissed for the tab session and returns in a new context', async ({ page, browser, baseURL }) => {
  await page.goto('/');
  await expect(page.getByText(OFFER)).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss offer' }).click();
  await expect(page.getByText(OFFER)).toHaveCount(0);
  expect(await page.evaluate(() => window.sessionStorage.getItem('40off'))).toBe('close');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(OFFER)).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to Gistbook' })).toBeVisible();
  await expect(page.getByText(OFFER)).toHaveCount(0);

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(OFFER)).toHaveCount(0);

  const fresh = await browser.newContext({ baseURL });
  try {
    const other = await fresh.newPage();
    await other.goto('/');
    await expect(other.getByText(OFFER)).toBeVisible();
  } finally {
    await fresh.close();
  }
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu toggle opens the menu with the links', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    for (const [name, href] of [
      ['Book Summaries', '/books'],
      ['Infographics', '/infographics'],
      ['Teams', '/teams'],
      ['Blog', '/blog'],
      ['Pricing', '/try'],
      ['Login', '/login'],
      ['Try it free', '/signup'],
    ] as const) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    // Nothing overflows sideways at 375 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The menu leads somewhere.
    await toggle.click();
    await menu.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
  });
});

test('unknown pages show a 404 inside the layout', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© 2022 Gistbook. All rights reserved.');
});

/** The header is one row: every link and button on it is one line high, and nothing overflows. */
async function expectOneRowHeader(page: Page, what: string) {
  const header = page.getByRole('banner');
  const rows = await header.evaluate((el) => {
    const items = [...el.querySelectorAll('.site-header__nav a, .site-header__actions a, .site-header__actions button')].filter(
      (item) => (item as HTMLElement).offsetParent !== null,
    );
    return items.map((item) => {
      // The most lines any of its words take: the distinct tops of each text's boxes.
      const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
      let lines = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        lines = Math.max(lines, tops.size);
      }
      return { text: item.textContent?.trim() ?? '', lines };
    });
  });
  for (const row of rows) expect(row.lines, `${what}: "${row.text}" wraps`).toBeLessThanOrEqual(1);
  await expect(header.getByRole('link', { name: 'Book Summaries' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what}: the page is wider than the window`).toBeLessThanOrEqual(0);
}

// From 1024 px up (the search field joins the header above 1100 px).
for (const width of [1024, 1120, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 768 } });

    test('the header keeps every link on one line, signed out and signed in', async ({ page }) => {
      await page.goto('/books');
      await expectOneRowHeader(page, 'signed out');
      await signInViaApi(page, newUser({ firstName: 'Maximiliana' }));
      await page.goto('/books');
      await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
      await expectOneRowHeader(page, 'signed in');
    });
  });
}
