import type { BookResult } from './types';
import { getToken } from '@/lib/storage';

/** The element the server writes into a book page's HTML (`GET /books/{id}`, see docs/performance.md §5). */
export const INLINE_BOOK_ID = 'book-data';

/** How long the book the page came with counts as fresh: it was read from the database just now. */
export const INLINE_BOOK_FRESH_MS = 30_000;

export interface InlineBook {
  result: BookResult;
  /** When the page's script read it (ms since the epoch). */
  readAt: number;
}

let read: { key: string; book: InlineBook } | null | undefined;

/**
 * The book a visitor's page came with, when it is the book `key` names and nobody is signed in
 * on this browser: the server writes the visitor's answer of `GET /api/books/{key}` into the HTML,
 * so the reader draws the summary without waiting for its own call. A browser holding a token
 * (even an old one) asks the API as that member instead.
 */
export function inlineBook(key: string, now: () => number = Date.now): InlineBook | undefined {
  if (read === undefined) read = readInlineBook(now());
  if (!read || read.key !== key || getToken() !== null) return undefined;
  return read.book;
}

function readInlineBook(readAt: number): { key: string; book: InlineBook } | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(INLINE_BOOK_ID);
  const key = element?.getAttribute('data-key');
  if (!element || key === null || key === undefined) return null;
  try {
    const result = JSON.parse(element.textContent ?? '') as BookResult;
    if (typeof result?.book?.id !== 'number') return null;
    return { key, book: { result, readAt } };
  } catch {
    return null;
  }
}

/** Tests: forget what was read, so that the next call reads the document again. */
export function forgetInlineBook(): void {
  read = undefined;
}
