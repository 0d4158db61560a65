import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, SESSION_VALIDITY_MS, setToken } from '@/lib/storage';
import { pageAt } from '@/testing/early-calls';
import { EARLY_CALL_FRESH_MS, earlyCallName, earlyToken, sendEarly, takeEarly } from './early-calls';

const NOW = Date.UTC(2026, 10, 29, 9);
const settings = { method: 'GET', path: '/api/charge/settings' } as const;
const price = { method: 'POST', path: '/api/charge/price', body: { planId: 'monthly' } } as const;

afterEach(() => clearToken());

describe('earlyToken', () => {
  it('is the stored token while its session is current, null for a visitor, and undefined for a token the app must refresh first', () => {
    expect(earlyToken(NOW)).toBeNull();
    setToken('member-token', NOW - 1_000);
    expect(earlyToken(NOW)).toBe('member-token');
    setToken('old-token', NOW - SESSION_VALIDITY_MS - 1);
    expect(earlyToken(NOW)).toBeUndefined();
  });
});

describe('an early call', () => {
  it('is sent as the API client sends it: a GET with the token, a POST with its JSON body', () => {
    const { win, fetch } = pageAt('/payment/monthly');
    sendEarly(win, settings, 'member-token', NOW);
    sendEarly(win, price, null, NOW);
    expect(fetch.mock.calls).toEqual([
      [
        'https://gistbook.app/api/charge/settings',
        { method: 'GET', headers: { Accept: 'application/json', Authorization: 'Bearer member-token' }, body: undefined, credentials: 'include' },
      ],
      [
        'https://gistbook.app/api/charge/price',
        { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{"planId":"monthly"}', credentials: 'include' },
      ],
    ]);
  });

  it('is sent once per page, and taken once, by the very same call only', async () => {
    setToken('member-token');
    const { win, fetch } = pageAt('/payment/monthly', { status: 200, body: '{"status":"ok","result":{"price":1}}' });
    expect(sendEarly(win, price, 'member-token', Date.now())).toBeDefined();
    expect(sendEarly(win, price, 'member-token', Date.now())).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);

    expect(takeEarly({ ...price, body: { planId: 'yearly' } }, win)).toBeUndefined();
    expect(takeEarly({ method: 'GET', path: '/api/charge/price' }, win)).toBeUndefined();
    await expect(takeEarly(price, win)).resolves.toEqual({ status: 200, text: '{"status":"ok","result":{"price":1}}' });
    expect(takeEarly(price, win)).toBeUndefined();
    // Taken: not sent again from this page.
    expect(sendEarly(win, price, 'member-token', Date.now())).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps error answers as they came, and a failed request as null', async () => {
    const refused = pageAt('/payment/monthly', { status: 401, body: '{"status":"error","error":"Please log in."}' });
    sendEarly(refused.win, settings, null, Date.now());
    await expect(takeEarly(settings, refused.win)).resolves.toEqual({ status: 401, text: '{"status":"error","error":"Please log in."}' });

    const offline = pageAt('/payment/monthly', new TypeError('Failed to fetch'));
    sendEarly(offline.win, settings, null, Date.now());
    await expect(takeEarly(settings, offline.win)).resolves.toBeNull();
  });

  it('is not handed over once the stored token changed (signed out, or someone else signed in)', () => {
    setToken('member-token');
    const member = pageAt('/payment/monthly');
    sendEarly(member.win, settings, 'member-token', Date.now());
    setToken('another-members-token');
    expect(takeEarly(settings, member.win)).toBeUndefined();

    // A visitor's answer is not a member's, once they have signed in.
    const visitor = pageAt('/payment/monthly');
    sendEarly(visitor.win, settings, null, Date.now());
    expect(takeEarly(settings, visitor.win)).toBeUndefined();
  });

  it('is for the first screen only: an answer nobody took is dropped after a while', () => {
    const { win } = pageAt('/payment/monthly');
    sendEarly(win, settings, null, NOW);
    sendEarly(win, price, null, NOW);
    expect(takeEarly(settings, win, NOW + EARLY_CALL_FRESH_MS)).toBeDefined();
    expect(takeEarly(price, win, NOW + EARLY_CALL_FRESH_MS + 1)).toBeUndefined();
  });

  it("has one name per method, path and body, whatever the order of the body's fields", () => {
    expect(earlyCallName(settings)).toBe('GET /api/charge/settings');
    expect(earlyCallName(price)).toBe('POST /api/charge/price {"planId":"monthly"}');
    const quote = { method: 'POST', path: '/api/charge/quote' } as const;
    expect(earlyCallName({ ...quote, body: { planId: 'monthly', couponCode: null, addInfographics: 0 } })).toBe(
      earlyCallName({ ...quote, body: { addInfographics: 0, planId: 'monthly', couponCode: null } }),
    );
    expect(earlyCallName({ ...quote, body: { planId: 'monthly', addInfographics: 0 } })).not.toBe(
      earlyCallName({ ...quote, body: { planId: 'monthly', addInfographics: 20 } }),
    );
  });
});
