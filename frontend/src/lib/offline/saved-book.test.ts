// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn<(path: string, init: unknown) => Promise<unknown>>();
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  apiBaseUrl: () => 'https://gistbook.test',
  api: { get: (path: string, init: unknown) => get(path, init) },
}));

/** Cache Storage as far as saving uses it; `add` of `failOn` throws what the browser throws when full. */
function fakeCaches(failOn: string | null) {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      put: (url: string, response: Response) => Promise.resolve(void entries.set(url, response)),
      add: (url: string) => {
        if (url === failOn) return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
        entries.set(url, new Response('x'.repeat(1000), { headers: { 'Content-Length': '1000' } }));
        return Promise.resolve();
      },
      match: (url: string) => Promise.resolve(entries.get(url)?.clone()),
      delete: (url: string) => Promise.resolve(entries.delete(url)),
    };
  };
  return { stores, caches: { open: (name: string) => Promise.resolve(open(name)) } };
}

const factory = new IDBFactory();
// This file's mock of the API client, not another file's (docs/testing.md).
vi.resetModules();
const { listSavedBooks, OfflineSaveError, QUOTA_MESSAGE, rememberPosition, removeSavedBooks, saveBook } = await import('./saved-book');
const persist = vi.fn(() => Promise.resolve(true));

function serveBook(overrides: Record<string, unknown> = {}) {
  const book = {
    id: 12,
    subid: 'walden',
    title: 'Walden',
    author: 'H. D. Thoreau',
    free: false,
    body: '<p>All</p>',
    sections: [{ title: 'One', html: '<p>All</p>' }],
    image: '/media/public/walden.jpg',
    mediaUrl: '/media/premium/walden.mp3?sig=1',
    ...overrides,
  };
  get.mockResolvedValue({ book, user: { id: 5, isPaid: true, endPaidDate: 1_900_000_000_000 } });
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', factory);
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  vi.stubGlobal('location', { href: 'https://gistbook.test/books/walden', origin: 'https://gistbook.test' });
  vi.stubGlobal('navigator', { storage: { persist } });
  persist.mockClear();
  get.mockReset();
});

describe('saveBook', () => {
  it("keeps the reader's answer under both addresses, the cover and the whole audio, and indexes the book with its sizes and access", async () => {
    const { stores, caches } = fakeCaches(null);
    vi.stubGlobal('caches', caches);
    serveBook();
    const saved = await saveBook(5, 'walden');
    expect([...stores.get('offline-member-5')!.keys()]).toEqual([
      'https://gistbook.test/api/books/12',
      'https://gistbook.test/api/books/walden',
      'https://gistbook.test/media/public/walden.jpg',
      'https://gistbook.test/media/premium/walden.mp3?sig=1',
    ]);
    const answer = (await stores.get('offline-member-5')!.get('https://gistbook.test/api/books/walden')!.clone().json()) as {
      status: string;
      result: { book: { id: number } };
    };
    expect(answer.status).toBe('ok');
    expect(answer.result.book.id).toBe(12);
    expect(saved).toMatchObject({ memberId: 5, bookId: 12, title: 'Walden', audioBytes: 1000, premium: true, accessUntil: 1_900_000_000_000 });
    expect(saved.bytes).toBeGreaterThan(2000);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await listSavedBooks(5)).toEqual([saved]);

    // A position reached later (online or queued offline): reopening offline resumes there.
    await rememberPosition(5, 12, 3);
    for (const key of ['12', 'walden']) {
      const stored = (await stores.get('offline-member-5')!.get(`https://gistbook.test/api/books/${key}`)!.clone().json()) as {
        result: { book: { position: number } };
      };
      expect(stored.result.book.position).toBe(3);
    }

    await removeSavedBooks([saved]);
    expect(stores.get('offline-member-5')!.size).toBe(0);
    expect(await listSavedBooks(5)).toEqual([]);
  });

  it('a full device: says so in words, and leaves nothing half saved', async () => {
    const { stores, caches } = fakeCaches('https://gistbook.test/media/premium/walden.mp3?sig=1');
    vi.stubGlobal('caches', caches);
    serveBook();
    const failure = saveBook(6, 'walden');
    await expect(failure).rejects.toBeInstanceOf(OfflineSaveError);
    await expect(failure).rejects.toThrow(QUOTA_MESSAGE);
    expect(stores.get('offline-member-6')!.size).toBe(0);
    expect(await listSavedBooks(6)).toEqual([]);
  });

  it('refuses a book the member cannot read in full', async () => {
    vi.stubGlobal('caches', fakeCaches(null).caches);
    serveBook({ body: null });
    await expect(saveBook(7, 'walden')).rejects.toMatchObject({ kind: 'not-readable' });
  });
});
