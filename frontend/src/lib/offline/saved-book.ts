/**
 * "Save offline": a book's reader answer (`GET /api/books/{id}` as the reader asks for it, by id and
 * by subid), its cover and its whole audio file go into the member's cache; the index of saved
 * books (title, author, sizes, when, how long Premium lasts) into IndexedDB. The service worker
 * answers those exact URLs from that cache when the network fails, and nothing else (sw.ts).
 */
import { api, apiBaseUrl } from '@/lib/api/client';
import { accessForSave, type SavedAccess } from './access';
import { listRecords, writeRecords, BOOKS } from './db';
import { memberCacheName } from './names';
import { tellWorker } from './member';

export interface SavedBook extends SavedAccess {
  memberId: number;
  bookId: number;
  subid: string;
  title: string;
  author: string;
  /** The cover's address (shown from the saved copy offline). */
  image: string;
  /** Every cache entry of this book, removed with it. */
  urls: string[];
  /** Bytes kept for it: the answers, the cover and the audio. */
  bytes: number;
  audioBytes: number;
  /** When it was saved (ms). */
  savedAt: number;
}

export const QUOTA_MESSAGE = 'Not enough space on this device to save this book. Remove a saved book or free some space.';
export const NOT_READABLE_MESSAGE = 'Only a summary you can read in full can be saved offline.';

/** A save that failed for a reason to show as it is (no space, a book the member cannot read). */
export class OfflineSaveError extends Error {
  override readonly name = 'OfflineSaveError';
  constructor(
    message: string,
    readonly kind: 'quota' | 'not-readable',
  ) {
    super(message);
  }
}

export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

// ---- changes (the reader's button and the library's list follow each other) ---------------------

const listeners = new Set<() => void>();

export function onSavedBooksChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function savedBooksChanged(): void {
  for (const listener of [...listeners]) listener();
}

// ---- reading the index ------------------------------------------------------------------------

export function listSavedBooks(memberId: number): Promise<SavedBook[]> {
  return listRecords(BOOKS, memberId);
}

// ---- saving -----------------------------------------------------------------------------------

function bookAnswerUrl(key: string | number): string {
  return `${apiBaseUrl()}/api/books/${encodeURIComponent(String(key))}`;
}

/** A same-origin address of a cover or audio file, or null (none, or another site's). */
function sameOriginUrl(address: string | null | undefined): string | null {
  if (!address) return null;
  const url = new URL(address, location.href);
  return url.origin === location.origin ? url.href : null;
}

async function storedSize(cache: Cache, url: string): Promise<number> {
  const response = await cache.match(url);
  if (!response) return 0;
  const length = Number(response.headers.get('Content-Length'));
  return Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
}

/**
 * Saves the book `key` (id or subid) for `memberId`, asked afresh so that the audio address is
 * signed now. On any failure (a quota error included) the parts already stored are removed.
 */
export async function saveBook(memberId: number, key: string | number): Promise<SavedBook> {
  const before = await listSavedBooks(memberId);
  const { book, user } = await api.get('/api/books/{id}', { params: { path: { id: String(key) } } });
  if (book.body === null || book.sections.length === 0) throw new OfflineSaveError(NOT_READABLE_MESSAGE, 'not-readable');
  // The first save asks the browser not to evict the saved books when space runs low.
  if (before.length === 0) void navigator.storage?.persist?.().catch(() => false);
  tellWorker(memberId);

  const cache = await caches.open(memberCacheName(memberId));
  const answer = JSON.stringify({ status: 'ok', result: { book, user } });
  const answerUrls = [...new Set([bookAnswerUrl(book.id), bookAnswerUrl(book.subid), bookAnswerUrl(key)])];
  const cover = sameOriginUrl(book.image);
  const audio = sameOriginUrl(book.mediaUrl);
  const stored: string[] = [];
  try {
    for (const url of answerUrls) {
      await cache.put(url, new Response(answer, { headers: { 'Content-Type': 'application/json' } }));
      stored.push(url);
    }
    if (cover) {
      await cache.add(cover);
      stored.push(cover);
    }
    if (audio) {
      // The whole file (no Range header): the worker cuts the ranges the player asks for.
      await cache.add(audio);
      stored.push(audio);
    }
    const answerBytes = new Blob([answer]).size * answerUrls.length;
    const coverBytes = cover ? await storedSize(cache, cover) : 0;
    const audioBytes = audio ? await storedSize(cache, audio) : 0;
    // An earlier save of the same book (older signed audio address) goes.
    const previous = before.find((saved) => saved.bookId === book.id);
    for (const url of previous?.urls ?? []) if (!stored.includes(url)) await cache.delete(url);
    const saved: SavedBook = {
      memberId,
      bookId: book.id,
      subid: book.subid,
      title: book.title,
      author: book.author,
      image: book.image,
      urls: stored,
      bytes: answerBytes + coverBytes + audioBytes,
      audioBytes,
      savedAt: Date.now(),
      ...accessForSave(book.free, user),
    };
    await writeRecords(BOOKS, [saved]);
    savedBooksChanged();
    return saved;
  } catch (error) {
    await Promise.all(stored.map((url) => cache.delete(url))).catch(() => undefined);
    if (isQuotaError(error)) throw new OfflineSaveError(QUOTA_MESSAGE, 'quota');
    throw error;
  }
}

/** Removes saved books (their cache entries, then their index records). */
export async function removeSavedBooks(books: readonly SavedBook[]): Promise<void> {
  for (const book of books) {
    const cache = await caches.open(memberCacheName(book.memberId));
    await Promise.all(book.urls.map((url) => cache.delete(url)));
  }
  await writeRecords(
    BOOKS,
    [],
    books.map((book) => [book.memberId, book.bookId]),
  );
  savedBooksChanged();
}

/** Keeps the index's access facts up to date (a renewal moves the end on). */
export async function updateSavedBooks(books: readonly SavedBook[]): Promise<void> {
  if (books.length === 0) return;
  await writeRecords(BOOKS, [...books]);
  savedBooksChanged();
}

/**
 * The member reached `position` in `bookId` (saved, or queued offline): if the book is saved on
 * this device, its saved answers resume there, so reopening it offline starts where they were.
 * The member's own position, written by the page for the member: not a network answer.
 */
export async function rememberPosition(memberId: number, bookId: number, position: number): Promise<void> {
  if (typeof caches === 'undefined' || typeof indexedDB === 'undefined') return;
  const saved = (await listSavedBooks(memberId)).find((book) => book.bookId === bookId);
  if (!saved) return;
  const cache = await caches.open(memberCacheName(memberId));
  for (const url of saved.urls.filter((address) => address.includes('/api/books/'))) {
    const stored = await cache.match(url);
    if (!stored) continue;
    const answer = (await stored.json()) as { result?: { book?: { position?: number } } };
    if (!answer.result?.book) continue;
    answer.result.book.position = position;
    await cache.put(url, new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }));
  }
}
