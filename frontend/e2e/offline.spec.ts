import { expect, test } from './fixtures';
import type { Page } from './fixtures';
import { expectNoViolations, newPaidMemberToken, readerPosition, storeToken } from './helpers';

/**
 * The installable, offline-capable app (docs/offline.md) against the built app and its service
 * worker: a new member (made paid here) saves a narrated book, goes offline, reloads, reads it and
 * plays and seeks its audio from the saved copy, moves on a section (the save is queued), comes
 * back online and finds the position on the server; logging out leaves no saved data behind.
 */

interface CatalogueBook {
  id: number;
  subid: string;
  title: string;
  free: boolean;
  hasMedia: boolean;
  comingSoon: boolean;
}

/** Resolves once the audio element has loaded its metadata; rejects on a media error. */
function audioDuration(page: Page): Promise<number> {
  return page.locator('audio').evaluate(
    (el: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        if (el.readyState >= 1 && Number.isFinite(el.duration)) resolve(el.duration);
        el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
        el.addEventListener('error', () => reject(new Error(`audio error ${el.error?.code} ${el.error?.message}`)), { once: true });
        el.load();
      }),
  );
}

test('a member saves a book, reads and plays it offline, the offline position reaches the server, and logging out removes the saved data', async ({
  page,
  context,
}) => {
  const token = await newPaidMemberToken(page);
  const member = { Authorization: `Bearer ${token}` };

  // A narrated premium book of two text sections or more (not the one book with real speech, which
  // is long), the first by id: the listing's order moves as other tests read books, and on a book
  // of one section the move below would reach the rating page, whose position the server keeps as
  // the last section's (0), so the offline save could not be told from no save.
  const listed = await page.request.get('/api/catalogue/books?audio=true&pageSize=100');
  expect(listed.ok(), await listed.text()).toBeTruthy();
  const books = ((await listed.json()) as { result: { books: CatalogueBook[] } }).result.books;
  const candidates = books.filter((b) => b.hasMedia && !b.free && !b.comingSoon && b.subid !== 'meditations').sort((a, b) => a.id - b.id);
  let book: CatalogueBook | undefined;
  for (const candidate of candidates) {
    const detail = await page.request.get(`/api/books/${candidate.subid}`, { headers: member });
    expect(detail.ok(), await detail.text()).toBeTruthy();
    if (((await detail.json()) as { result: { book: { sections: unknown[] } } }).result.book.sections.length >= 2) {
      book = candidate;
      break;
    }
  }
  expect(book, 'a narrated premium book of two sections or more in the seed').toBeDefined();
  const { subid, title } = book!;
  const other = books.find((b) => b.subid !== subid && !b.comingSoon);
  expect(other, 'a second book').toBeDefined();

  await storeToken(page, token);
  await page.goto(`/books/${subid}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The worker is registered after the first paint and takes control of the page at once.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  await page.getByRole('button', { name: 'Save offline' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved offline \(/ })).toBeVisible();
  await expect(page.getByText(/^Saved offline · /)).toBeVisible();
  const audioSrc = (await page.locator('audio').getAttribute('src')) ?? '';
  expect(audioSrc).not.toBe('');
  // Another book read online, through the worker, is not kept by it.
  const otherOnline = await page.evaluate(
    (path) => fetch(path, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } }).then((r) => r.status),
    `/api/books/${other!.subid}`,
  );
  expect(otherOnline).toBe(200);

  // Offline: the page comes from the worker's app shell, the book from the member's saved copy.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await readerPosition(page)).toMatchObject({ index: 1 });
  await expect(page.locator('.reader__body').first()).not.toBeEmpty();
  // The worker's network is off too, and it answers nothing that was not saved: not the session,
  // not the other book read online a moment ago.
  const unsaved = await page.evaluate(
    async (paths) => {
      const outcomes: string[] = [];
      for (const path of paths)
        outcomes.push(
          await fetch(path, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } }).then(
            (r) => `answered ${r.status}`,
            () => 'failed',
          ),
        );
      return outcomes;
    },
    ['/api/user/session', `/api/books/${other!.subid}`],
  );
  expect(unsaved).toEqual(['failed', 'failed']);

  // The saved audio plays and seeks (the worker cuts the ranges from the saved file).
  const duration = await audioDuration(page);
  expect(duration).toBeGreaterThan(1);
  const played = await page.locator('audio').evaluate(
    (el: HTMLAudioElement, seekTo: number) =>
      new Promise<{ readyState: number; currentTime: number }>((resolve, reject) => {
        el.muted = true;
        el.addEventListener('seeked', () => resolve({ readyState: el.readyState, currentTime: el.currentTime }), { once: true });
        el.addEventListener('error', () => reject(new Error(`audio error ${el.error?.code}`)), { once: true });
        el.play()
          .then(() => {
            el.currentTime = seekTo;
          })
          .catch(reject);
      }),
    duration / 2,
  );
  expect(played.readyState).toBeGreaterThanOrEqual(2);
  expect(played.currentTime).toBeGreaterThan(duration / 4);

  // A move offline: the position save is queued on the device.
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await next.click();
  expect(await readerPosition(page)).toMatchObject({ index: 2 });
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('gistbook-offline');
            open.onerror = () => reject(new Error('no database'));
            open.onsuccess = () => {
              const request = open.result.transaction('queue').objectStore('queue').getAll();
              request.onsuccess = () => {
                const queued = request.result as { position: number }[];
                open.result.close();
                resolve(Math.max(-1, ...queued.map((save) => save.position)));
              };
            };
          }),
      ),
    )
    .toBe(1);

  // Reopened offline, the saved book resumes where the member was.
  await expect
    .poll(() =>
      page.evaluate(async (key) => {
        const names = (await caches.keys()).filter((name) => name.startsWith('offline-member-'));
        const stored = names.length === 1 ? await (await caches.open(names[0])).match(`/api/books/${key}`) : undefined;
        return stored ? ((await stored.json()) as { result: { book: { position: number } } }).result.book.position : null;
      }, subid),
    )
    .toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await readerPosition(page)).toMatchObject({ index: 2 });

  // The library offline: the saved book, marked as such.
  await page.goto('/library');
  const saved = page.getByRole('region', { name: 'Saved offline' });
  await expect(saved.getByRole('link', { name: title })).toBeVisible();
  await expect(saved.getByText('You are offline.', { exact: false })).toBeVisible();
  await expect(saved.getByRole('button', { name: `Remove ${title} from this device` })).toBeEnabled();
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoViolations(page, '/library offline with a saved book, at phone width');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Back online: the queued save goes to the server (the `online` event), with the time it was made.
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/user-book-history/') && r.method() === 'PUT');
  await context.setOffline(false);
  const body = (await sent).postDataJSON() as { position: number; savedAt: number };
  expect(body.position).toBe(1);
  expect(body.savedAt).toBeLessThan(Date.now());
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/books/${subid}`, { headers: member });
      return ((await answer.json()) as { result: { book: { position: number } } }).result.book.position;
    })
    .toBe(1);

  // Logging out removes the member's caches and the database: no saved premium answer or audio is left.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  const left = await page.evaluate(async (audio) => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    const databases = (await indexedDB.databases()).map((db) => db.name);
    return {
      memberCaches: names.filter((name) => name.startsWith('offline-member-')),
      premium: urls.filter((url) => url.includes('/api/books/') || url.includes(new URL(audio, location.href).pathname)),
      databases,
      member: localStorage.getItem('offlineMember'),
    };
  }, audioSrc);
  expect(left).toEqual({ memberCaches: [], premium: [], databases: expect.not.arrayContaining(['gistbook-offline']) as unknown as string[], member: null });
});

test('"Save my library" keeps every library book on this device, with sizes, and a saved book can be removed', async ({ page }) => {
  const token = await newPaidMemberToken(page);
  const member = { Authorization: `Bearer ${token}` };
  const listed = await page.request.get('/api/catalogue/books?pageSize=100');
  expect(listed.ok(), await listed.text()).toBeTruthy();
  const books = ((await listed.json()) as { result: { books: CatalogueBook[] } }).result.books.filter((b) => !b.free && !b.comingSoon).slice(0, 2);
  expect(books).toHaveLength(2);
  for (const book of books) {
    const added = await page.request.post('/api/library', { headers: member, data: { bookId: book.id } });
    expect(added.ok(), await added.text()).toBeTruthy();
  }

  await storeToken(page, token);
  await page.goto('/library');
  const saved = page.getByRole('region', { name: 'Saved offline' });
  await expect(saved.getByText('No books saved on this device yet.', { exact: false })).toBeVisible();
  await saved.getByRole('button', { name: 'Save my library' }).click();
  await expect(saved.getByRole('status')).toHaveText('Saved 2 books for offline reading.');
  const list = saved.getByRole('list', { name: 'Books saved offline' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(saved.getByText(/^2 books, [\d.]+ (B|KB|MB) on this device\./)).toBeVisible();
  for (const book of books) await expect(list.getByRole('link', { name: book.title })).toBeVisible();

  const [removed, kept] = books;
  await saved.getByRole('button', { name: `Remove ${removed.title} from this device` }).click();
  await expect(saved.getByRole('status')).toHaveText(`${removed.title} was removed from this device.`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const stored = await page.evaluate(
    async (keys) => {
      const names = (await caches.keys()).filter((name) => name.startsWith('offline-member-'));
      const cache = await caches.open(names[0]);
      return { caches: names.length, removed: Boolean(await cache.match(`/api/books/${keys[0]}`)), kept: Boolean(await cache.match(`/api/books/${keys[1]}`)) };
    },
    [removed.subid, kept.subid],
  );
  expect(stored).toEqual({ caches: 1, removed: false, kept: true });
  // Saving again keeps only what is missing.
  await saved.getByRole('button', { name: 'Save my library' }).click();
  await expect(saved.getByRole('status')).toHaveText('Saved 1 book for offline reading.');
  await expect(list.getByRole('listitem')).toHaveCount(2);
});
