import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, SESSION_VALIDITY_MS, setToken } from '@/lib/storage';
import { bookKeyOf, startEarlyBookCall, takeEarlyBook } from './early-book';

/** A window at `pathname` whose `fetch` answers `answer` (or fails), recording what it was asked. */
function pageAt(pathname: string, answer: { status: number; body: string } | Error = { status: 200, body: '{"status":"ok","result":{}}' }) {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(new Response(answer.body, { status: answer.status })),
  );
  const win = { location: { pathname, hostname: 'gistbook.app', protocol: 'https:', origin: 'https://gistbook.app' }, fetch } as unknown as Window;
  return { win, fetch };
}

afterEach(() => clearToken());

describe('bookKeyOf', () => {
  it("reads a book page's key as the router decodes it", () => {
    expect(bookKeyOf('/books/meditations')).toBe('meditations');
    expect(bookKeyOf('/books/42')).toBe('42');
    expect(bookKeyOf('/books/on%20liberty')).toBe('on liberty');
  });

  it('is undefined for any other address', () => {
    for (const path of ['/books', '/books/', '/books/a/b', '/library', '/book-detail/meditations', '/books/%E0%A4%A']) {
      expect(bookKeyOf(path), path).toBeUndefined();
    }
  });
});

describe('the early book call', () => {
  it("sends the member's call with their token, once, for the page's first look only", () => {
    setToken('member-token');
    const { win, fetch } = pageAt('/books/meditations', { status: 200, body: '{"status":"ok","result":{"book":{"id":7}}}' });
    expect(startEarlyBookCall(win)).toBeDefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://gistbook.app/api/books/meditations');
    expect(init?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer member-token' });
    // The script runs once per page.
    expect(startEarlyBookCall(win)).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);

    expect(takeEarlyBook('another-book', win)).toBeUndefined();
    // Looking for another book used the slot up: the answer is for the page's first render only.
    expect(takeEarlyBook('meditations', win)).toBeUndefined();
  });

  it('gives the answer to the reader of the same book', async () => {
    setToken('member-token');
    const { win } = pageAt('/books/on%20liberty', { status: 200, body: '{"status":"ok","result":{"book":{"id":7}}}' });
    startEarlyBookCall(win);
    await expect(takeEarlyBook('on liberty', win)).resolves.toEqual({ status: 200, text: '{"status":"ok","result":{"book":{"id":7}}}' });
    expect(takeEarlyBook('on liberty', win)).toBeUndefined();
  });

  it('keeps error answers as they came, and a failed request as null', async () => {
    setToken('member-token');
    const refused = pageAt('/books/meditations', { status: 401, body: '{"status":"error","error":"Please log in."}' });
    startEarlyBookCall(refused.win);
    await expect(takeEarlyBook('meditations', refused.win)).resolves.toEqual({ status: 401, text: '{"status":"error","error":"Please log in."}' });

    const offline = pageAt('/books/meditations', new TypeError('Failed to fetch'));
    startEarlyBookCall(offline.win);
    await expect(takeEarlyBook('meditations', offline.win)).resolves.toBeNull();
  });

  it('sends nothing without a current session, off a book page, or once the app has looked', () => {
    const visitor = pageAt('/books/meditations');
    expect(startEarlyBookCall(visitor.win)).toBeUndefined();

    // A token past the session's validity: the app refreshes it first, then asks.
    setToken('old-token', Date.now() - SESSION_VALIDITY_MS - 1);
    const stale = pageAt('/books/meditations');
    expect(startEarlyBookCall(stale.win)).toBeUndefined();

    setToken('member-token');
    const library = pageAt('/library');
    expect(startEarlyBookCall(library.win)).toBeUndefined();

    const late = pageAt('/books/meditations');
    expect(takeEarlyBook('meditations', late.win)).toBeUndefined();
    expect(startEarlyBookCall(late.win)).toBeUndefined();

    for (const { fetch } of [visitor, stale, library, late]) expect(fetch).not.toHaveBeenCalled();
  });

  it('is not handed over once the stored token changed (signed out, or someone else signed in)', () => {
    setToken('member-token');
    const { win } = pageAt('/books/meditations');
    startEarlyBookCall(win);
    setToken('another-members-token');
    expect(takeEarlyBook('meditations', win)).toBeUndefined();
  });
});
