import { afterEach, describe, expect, it } from 'vitest';
import { takeEarly } from '@/lib/api/early-calls';
import { clearToken, SESSION_VALIDITY_MS, setToken } from '@/lib/storage';
import { pageAt } from '@/testing/early-calls';
import { bookCall, bookKeyOf, startEarlyBookCall } from './early-book';

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
  it("sends the member's call with their token, once, and gives its answer to the reader of the same book", async () => {
    setToken('member-token');
    const { win, fetch } = pageAt('/books/on%20liberty', { status: 200, body: '{"status":"ok","result":{"book":{"id":7}}}' });
    expect(startEarlyBookCall(win)).toBeDefined();
    expect(startEarlyBookCall(win)).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://gistbook.app/api/books/on%20liberty');
    expect(init?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer member-token' });

    expect(takeEarly(bookCall('another-book'), win)).toBeUndefined();
    await expect(takeEarly(bookCall('on liberty'), win)).resolves.toEqual({ status: 200, text: '{"status":"ok","result":{"book":{"id":7}}}' });
    expect(takeEarly(bookCall('on liberty'), win)).toBeUndefined();
  });

  it('sends nothing for a visitor (the page carries their answer), without a current session, or off a book page', () => {
    const visitor = pageAt('/books/meditations');
    expect(startEarlyBookCall(visitor.win)).toBeUndefined();

    // A token past the session's validity: the app refreshes it first, then asks.
    setToken('old-token', Date.now() - SESSION_VALIDITY_MS - 1);
    const stale = pageAt('/books/meditations');
    expect(startEarlyBookCall(stale.win)).toBeUndefined();

    setToken('member-token');
    const library = pageAt('/library');
    expect(startEarlyBookCall(library.win)).toBeUndefined();

    for (const { fetch } of [visitor, stale, library]) expect(fetch).not.toHaveBeenCalled();
  });
});
