import { apiBaseUrl } from '@/lib/api/base-url';
import { getToken, isAuthenticated } from '@/lib/storage';

/**
 * A member's own answer of `GET /api/books/{key}`, asked for by the book page's first script
 * (`src/early-book.ts`, written inline ahead of the app's) as soon as the HTML has arrived. Without
 * it the call left only once the app's scripts had downloaded and run, so the summary waited for
 * the scripts and then for the call; now both travel at once (docs/performance.md §5).
 */
export interface EarlyBookCall {
  /** The book as the page's address names it (`/books/{key}`, decoded as the router decodes it). */
  key: string;
  /** The token it was sent with: the answer is the member's only while that token is still stored. */
  token: string;
  /** The answer's status and body, or null when the request failed. */
  answer: Promise<EarlyAnswer | null>;
}

export interface EarlyAnswer {
  status: number;
  text: string;
}

/** Where the request waits for the reader; null once the reader has looked (or the app came first). */
const SLOT = '__earlyBook';

type Slot = { [SLOT]?: EarlyBookCall | null };

/** `/books/{key}` → the key; undefined for any other address. */
export function bookKeyOf(pathname: string): string | undefined {
  const segment = /^\/books\/([^/]+)$/.exec(pathname)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Sends the member's book call when the page is a book's (the build puts this script in no other
 * page) and a session is stored and current. The key comes from the address, not from the page's
 * book block, which comes at the end of the body, after this script has run. A token older than
 * the session's validity is left to the app, which refreshes it first; so is a page the app has
 * already started on.
 */
export function startEarlyBookCall(win: Window & Slot = window, now: number = Date.now()): EarlyBookCall | undefined {
  if (SLOT in win) return undefined;
  const key = bookKeyOf(win.location.pathname);
  const token = getToken();
  if (!key || !token || !isAuthenticated(now)) return undefined;
  const answer = win
    .fetch(`${apiBaseUrl(win.location)}/api/books/${encodeURIComponent(key)}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'include',
    })
    .then(async (response): Promise<EarlyAnswer> => ({ status: response.status, text: await response.text() }))
    .catch(() => null);
  const request = { key, token, answer };
  win[SLOT] = request;
  return request;
}

/**
 * The early answer for the book `key`, once: later loads ask the API again (the answer carries
 * signed media addresses that expire). Undefined when none was sent for this book, or when the
 * stored token changed since (the member signed out or in as someone else).
 */
export function takeEarlyBook(key: string, win: Window & Slot = window): Promise<EarlyAnswer | null> | undefined {
  const request = win[SLOT];
  win[SLOT] = null;
  if (!request || request.key !== key || request.token !== getToken()) return undefined;
  return request.answer;
}
