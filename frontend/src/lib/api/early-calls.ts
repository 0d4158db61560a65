import { apiBaseUrl } from './base-url';
import { getToken, isAuthenticated } from '@/lib/storage';

/**
 * Calls a page's first script sends as soon as the HTML has arrived (`src/early-calls.ts`, written
 * inline into the book page's and the checkout's shells), for the app to take instead of sending
 * them itself. Without them the page's data left only once the app's scripts had downloaded and
 * run, so the first screen waited for the scripts and then for the calls; now both travel at once
 * (docs/performance.md §5). Small on purpose: the page carries this code inline, so it imports
 * neither the API client nor any feature.
 */
export interface EarlyCall {
  /** The token it was sent with (null for a visitor): the answer is the caller's only while that token is still stored. */
  token: string | null;
  /** When it was sent (ms since the epoch). */
  sentAt: number;
  /** The answer's status and body, or null when the request failed. */
  answer: Promise<EarlyAnswer | null>;
}

export interface EarlyAnswer {
  status: number;
  text: string;
}

/**
 * How long an answer nobody took stays usable: long enough for the scripts of a slow phone, and an
 * answer is for the page's first screen, not for a later visit in the same tab.
 */
export const EARLY_CALL_FRESH_MS = 30_000;

/** Where the calls wait for the app, by name; a name whose call was taken holds null. */
export const SLOT = '__earlyCalls';

export type EarlyWindow = Window & { [SLOT]?: Record<string, EarlyCall | null> };

export interface Call {
  method: 'GET' | 'POST';
  /** The path with its query, encoded as the API client encodes it. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
}

/**
 * A call's one name, its method, path and body: only the very same call takes the answer. A
 * body's fields are named in order, so the order its caller wrote them in does not matter.
 */
export function earlyCallName({ method, path, body }: Call): string {
  if (body === undefined) return `${method} ${path}`;
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body).sort(([a], [b]) => (a < b ? -1 : 1)) : null;
  return `${method} ${path} ${JSON.stringify(fields ? Object.fromEntries(fields) : body)}`;
}

/**
 * The one path segment after `prefix` (`/books/` in `/books/on%20liberty`: `on liberty`), decoded as
 * the router decodes it; undefined for any other address.
 */
export function segmentAfter(prefix: string, pathname: string): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = pathname.slice(prefix.length);
  if (segment === '' || segment.includes('/')) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The token the page's calls go with: null for a visitor, undefined when they must wait for the
 * app (a token past the session's validity, which the app refreshes first).
 */
export function earlyToken(now: number): string | null | undefined {
  const token = getToken();
  if (!token) return null;
  return isAuthenticated(now) ? token : undefined;
}

/**
 * Sends `call` with `token` as the API client would, and keeps the answer under its name. A call
 * already sent (or taken) from this page is not sent again.
 */
export function sendEarly(win: EarlyWindow, call: Call, token: string | null, now: number): EarlyCall | undefined {
  const calls = win[SLOT] ?? {};
  win[SLOT] = calls;
  const name = earlyCallName(call);
  if (name in calls) return undefined;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = win
    .fetch(`${apiBaseUrl(win.location)}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      credentials: 'include',
    })
    .then(async (response): Promise<EarlyAnswer> => ({ status: response.status, text: await response.text() }))
    .catch(() => null);
  const sent = { token, sentAt: now, answer };
  calls[name] = sent;
  return sent;
}

/**
 * The early answer of `call`, once. Undefined when the page sent none, when it was taken already,
 * when the stored token changed since (the member signed out, or in as someone else), or when it
 * is older than EARLY_CALL_FRESH_MS.
 */
export function takeEarly(call: Call, win: EarlyWindow = window, now: number = Date.now()): Promise<EarlyAnswer | null> | undefined {
  const calls = win[SLOT];
  const name = earlyCallName(call);
  const sent = calls?.[name];
  if (!calls || !sent) return undefined;
  calls[name] = null;
  if (sent.token !== getToken() || now - sent.sentAt > EARLY_CALL_FRESH_MS) return undefined;
  return sent.answer;
}
