import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The member app is installable (issue 38 §1). Lighthouse 12 dropped its PWA category, which asked
 * Chromium the same question this test asks: DevTools' `Page.getInstallabilityErrors` runs the
 * browser's own install criteria (a parsed manifest with a name, a start URL inside its scope,
 * `display: standalone`, a usable icon of at least 144 px, a secure origin) on the served page,
 * and `Page.getAppManifest` says whether the manifest parsed without errors. Chromium installs
 * nothing from an incognito window, and answers only "in-incognito" there, so this test uses a
 * browser with a profile of its own rather than the test's usual (incognito) context.
 */

/** The manifest's members this test reads (as served, in the manifest's own names). */
interface Manifest {
  name?: string;
  start_url?: string;
  display?: string;
  icons?: { src: string; sizes?: string; type?: string }[];
}

test('the app passes Chromium’s install criteria with a manifest that parses without errors', async ({ launchOptions, baseURL }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gistbook-installable-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    // The worker registers after the first paint; the app is installable with or without it, but
    // the offline fallback the manifest promises needs it, so wait until it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

    const devtools = await context.newCDPSession(page);
    const answer = await devtools.send('Page.getAppManifest', {});
    expect(answer.url).toMatch(/\/manifest\.webmanifest$/);
    expect(answer.errors).toEqual([]);
    const manifest = JSON.parse(answer.data ?? '{}') as Manifest;
    expect(manifest.name).toBe('Gistbook');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');

    // Every icon the manifest lists is served as a PNG of the size it claims.
    const icons = manifest.icons ?? [];
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of icons) {
      const served = await page.request.get(icon.src);
      expect(served.status(), icon.src).toBe(200);
      expect(served.headers()['content-type']).toBe('image/png');
      const png = await served.body();
      // The PNG's IHDR chunk holds its width and height as big-endian 32-bit numbers.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }

    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
