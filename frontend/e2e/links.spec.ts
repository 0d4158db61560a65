import { expect, test, type Locator, type Page } from './fixtures';
import { continueToHome, newUser, signInViaApi } from './helpers';

/**
 * Issue 15 §4: no link of the app's own menus leads to the 404 page. Collects every in-app href of
 * the header, the footer, the account menu and the home sidebar (signed out, signed in, and in the
 * mobile menu at 375 px), visits each one and checks that the page is not 'Page not found'.
 * /logout is never visited (it would end the walk's session).
 */

const SKIPPED = new Set(['/logout']);

/** The in-app links (same origin, a path) under `scope`, without their fragments. */
async function inAppLinks(scope: Locator): Promise<string[]> {
  const hrefs = await scope.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  return hrefs
    .filter((href) => href.startsWith('/') && !href.startsWith('//'))
    .map((href) => href.split('#')[0] ?? href)
    .filter((href) => href !== '');
}

function unique(lists: string[][]): string[] {
  return [...new Set(lists.flat())].filter((href) => !SKIPPED.has(href.split('?')[0] ?? href)).sort();
}

/** Opens every link in turn and fails, naming the link, on a 404 (or an answer of 400 or more). */
async function expectNoneNotFound(page: Page, hrefs: string[], who: string): Promise<void> {
  expect(hrefs.length, `${who}: links found`).toBeGreaterThan(3);
  const broken: string[] = [];
  for (const href of hrefs) {
    const response = await page.goto(href);
    expect(response?.status() ?? 200, `${who}: ${href} answered`).toBeLessThan(400);
    // Every page has one main heading once its lazy chunk and data are in (the 404 page too).
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first(), `${who}: ${href} shows a page`).toBeVisible({ timeout: 20_000 });
    if ((await page.getByRole('heading', { name: 'Page not found' }).count()) > 0) broken.push(href);
  }
  expect(broken, `${who}: links that lead to the 404 page`).toEqual([]);
}

test('every link of the header and the footer leads to a page (visitor)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const hrefs = unique([await inAppLinks(page.getByRole('banner')), await inAppLinks(page.getByRole('contentinfo'))]);
  for (const expected of ['/about', '/terms', '/privacy', '/contact', '/books']) expect(hrefs).toContain(expected);
  await expectNoneNotFound(page, hrefs, 'visitor');
});

test('every link of the account menu, the home sidebar, the header and the footer leads to a page (member)', async ({ page }) => {
  test.setTimeout(240_000);
  await signInViaApi(page, newUser());
  await page.goto('/home');
  await continueToHome(page);

  const sidebar = page.getByRole('navigation', { name: 'My Gistbook' });
  await expect(sidebar).toBeVisible();
  const sidebarLinks = await inAppLinks(sidebar);
  // The invite box, when shown, leads somewhere too.
  const inviteLinks = await inAppLinks(page.locator('.invite-box'));

  const menuButton = page.getByRole('banner').getByRole('button', { name: /My Account/ });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const menuId = (await menuButton.getAttribute('aria-controls')) ?? '';
  const menu = page.locator(`[id="${menuId}"]`);
  await expect(menu.getByRole('link').first()).toBeVisible();
  const menuLinks = await inAppLinks(menu);
  expect(menuLinks).toContain('/account');
  await page.keyboard.press('Escape');

  const hrefs = unique([sidebarLinks, inviteLinks, menuLinks, await inAppLinks(page.getByRole('banner')), await inAppLinks(page.getByRole('contentinfo'))]);
  await expectNoneNotFound(page, hrefs, 'member');
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  async function mobileMenuLinks(page: Page): Promise<string[]> {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    const links = await inAppLinks(menu);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return links;
  }

  test('every link of the mobile menu leads to a page, signed out and signed in', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const visitor = unique([await mobileMenuLinks(page)]);
    expect(visitor).toContain('/login');
    await expectNoneNotFound(page, visitor, 'visitor, mobile menu');

    await signInViaApi(page, newUser());
    await page.goto('/home');
    await continueToHome(page);
    const member = unique([await mobileMenuLinks(page)]);
    expect(member).toContain('/account');
    await expectNoneNotFound(page, member, 'member, mobile menu');
  });
});
