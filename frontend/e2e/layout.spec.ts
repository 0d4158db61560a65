import { expect, test } from './fixtures';

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
