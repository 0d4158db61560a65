import { expect, test, type Page } from './fixtures';
import { newPaidMemberToken, newUser, signInViaApi, storeToken } from './helpers';

// The pages members open most come in HTML that names their route's chunks (scripts/prerender.mjs,
// `ROUTE_SHELLS`): the browser fetches them beside the app's own scripts, not after the app has run.

/** The scripts of a named chunk group that the entry does not load, from the build's own list. */
async function routeScripts(page: Page, group: string): Promise<string[]> {
  const response = await page.request.get('/chunk-groups.json');
  expect(response.ok()).toBe(true);
  const groups = (await response.json()) as Record<string, string[]>;
  const entry = new Set(groups.main);
  return (groups[group] ?? [])
    .filter((file) => file.endsWith('.js') && !entry.has(file))
    .map((file) => `/${file}`)
    .sort();
}

/** What asked for each fetch of `file` so far (`link` for a preload named by the HTML). */
async function initiators(page: Page, file: string): Promise<string[]> {
  return page.evaluate(
    (path) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === path)
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    file,
  );
}

for (const { path, group, heading, member } of [
  { path: '/pricing?limit_reached=yes', group: 'route-pricing', heading: 'Unlock every book summary', member: false },
  { path: '/payment/monthly', group: 'route-payment', heading: 'Checkout', member: false },
  { path: '/highlights', group: 'route-highlights', heading: 'My Highlights', member: true },
]) {
  test(`${path} names its route's scripts in its HTML, and the browser fetches them from there`, async ({ page }) => {
    if (member) await storeToken(page, await newPaidMemberToken(page));
    const scripts = await routeScripts(page, group);
    expect(scripts.length).toBeGreaterThan(0);
    const html = (await (await page.goto(path))?.text()) ?? '';
    const preloaded = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((match) => match[1]).sort();
    expect(preloaded).toEqual(scripts);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Fetched once, by the preload; the app's own request for the chunk found it there.
    for (const file of scripts) expect(await initiators(page, file), file).toEqual(['link']);
    // The app's own script is asked for at high priority, beside vendor.js rather than after it.
    await expect(page.locator('head script[src*="/assets/main."]')).toHaveAttribute('fetchpriority', 'high');
  });
}

for (const member of [true, false]) {
  test(`the checkout's calls leave with the page, before the app's scripts have run, and only once (${member ? 'a member' : 'a guest'})`, async ({ page }) => {
    if (member) await signInViaApi(page, newUser());
    const CALLS = ['/api/charge/price', '/api/charge/settings', '/api/charge/standing', '/api/charge/quote'];
    const sent: string[] = [];
    let allSent = () => {};
    const allLeft = new Promise<void>((resolve) => (allSent = resolve));
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!CALLS.includes(pathname)) return;
      sent.push(`${request.method()} ${pathname} ${request.headers().authorization ? 'with a token' : 'without a token'}`);
      if (CALLS.every((call) => sent.some((line) => line.includes(` ${call} `)))) allSent();
    });
    // The app's scripts arrive only once the four calls have left: sent by the app, they would
    // wait for them (src/early-calls.ts sends them from the page), and the checkout would never draw.
    await page.route(/\/assets\/vendor\.[0-9a-f]+\.js$/, async (route) => {
      await allLeft;
      await route.continue();
    });
    await page.goto('/payment/monthly');
    const order = page.getByRole('region', { name: 'Your order' });
    await expect(order).toContainText('Premium Monthly');
    await expect(page.getByRole('button', { name: 'Start free trial' })).toBeVisible();
    // The cart's total is quoted: by then a quote the app sent itself would have left too.
    await expect(page.getByTestId('cart-total')).toHaveText(/\$\d/);
    const token = member ? 'with a token' : 'without a token';
    expect(sent.sort()).toEqual([
      `GET /api/charge/settings ${token}`,
      `GET /api/charge/standing ${token}`,
      `POST /api/charge/price ${token}`,
      `POST /api/charge/quote ${token}`,
    ]);
  });
}
