import { earlyToken, segmentAfter, sendEarly, type Call, type EarlyCall, type EarlyWindow } from '@/lib/api/early-calls';

/**
 * A member's own answer of `GET /api/books/{key}`, sent by the book page's first script
 * (`src/early-calls.ts`) as soon as the HTML has arrived. A visitor's answer comes in the page
 * itself (`inline-book.ts`); a member's differs (their entitlement), so it is sent from the page.
 */

/** `/books/{key}` → the key; undefined for any other address. */
export const bookKeyOf = (pathname: string): string | undefined => segmentAfter('/books/', pathname);

/** The reader's call for the book `key`, as the API client sends it. */
export function bookCall(key: string): Call {
  return { method: 'GET', path: `/api/books/${encodeURIComponent(key)}` };
}

/**
 * Sends the member's book call when the page is a book's and a session is stored and current. The
 * key comes from the address, not from the page's book block, which comes at the end of the body,
 * after this script has run.
 */
export function startEarlyBookCall(win: EarlyWindow = window, now: number = Date.now()): EarlyCall | undefined {
  const key = bookKeyOf(win.location.pathname);
  const token = earlyToken(now);
  if (key === undefined || !token) return undefined;
  return sendEarly(win, bookCall(key), token, now);
}
