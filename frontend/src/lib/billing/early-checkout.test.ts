import { afterEach, describe, expect, it } from 'vitest';
import { takeEarly } from '@/lib/api/early-calls';
import { clearToken, SESSION_VALIDITY_MS, setToken } from '@/lib/storage';
import { pageAt } from '@/testing/early-calls';
import { checkoutPlanOf, firstBasket, paymentSettingsCall, priceCall, quoteCall, standingCall, startEarlyCheckoutCalls } from './early-checkout';

afterEach(() => clearToken());

describe('checkoutPlanOf', () => {
  it("reads the checkout's plan as the router decodes it, and nothing elsewhere", () => {
    expect(checkoutPlanOf('/payment/monthly')).toBe('monthly');
    expect(checkoutPlanOf('/payment/gift%201')).toBe('gift 1');
    for (const path of ['/payment', '/payment/', '/payment/a/b', '/pricing', '/payment/%E0%A4%A']) expect(checkoutPlanOf(path), path).toBeUndefined();
  });
});

describe("the checkout's early calls", () => {
  it("sends the plan's price, the payment settings, the member's standing and the first quote with their token", async () => {
    setToken('member-token');
    const { win, fetch } = pageAt('/payment/yearly', { status: 200, body: '{"status":"ok","result":{}}' });
    expect(startEarlyCheckoutCalls(win)).toHaveLength(4);
    expect(fetch.mock.calls.map(([url, init]) => [init.method, url, init.body, (init.headers as Record<string, string>).Authorization])).toEqual([
      ['POST', 'https://gistbook.app/api/charge/price', '{"planId":"yearly"}', 'Bearer member-token'],
      ['GET', 'https://gistbook.app/api/charge/settings', undefined, 'Bearer member-token'],
      ['GET', 'https://gistbook.app/api/charge/standing?planId=yearly', undefined, 'Bearer member-token'],
      ['POST', 'https://gistbook.app/api/charge/quote', '{"planId":"yearly","addInfographics":0,"couponCode":null}', 'Bearer member-token'],
    ]);
    // The checkout's first basket, as the checkout writes it, takes the quote.
    const checkoutsFirstBasket = quoteCall({ planId: 'yearly', addInfographics: 0, couponCode: null });
    for (const call of [priceCall('yearly'), paymentSettingsCall, standingCall('yearly'), checkoutsFirstBasket])
      await expect(takeEarly(call, win)).resolves.toMatchObject({ status: 200 });
    // Sent once per page.
    expect(startEarlyCheckoutCalls(win)).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('sends them for a visitor without a token (a guest may buy), and not while a stored session needs refreshing', () => {
    const guest = pageAt('/payment/monthly');
    expect(startEarlyCheckoutCalls(guest.win)).toHaveLength(4);
    expect(guest.fetch.mock.calls.map(([, init]) => init.headers)).toEqual([
      { Accept: 'application/json', 'Content-Type': 'application/json' },
      { Accept: 'application/json' },
      { Accept: 'application/json' },
      { Accept: 'application/json', 'Content-Type': 'application/json' },
    ]);

    setToken('old-token', Date.now() - SESSION_VALIDITY_MS - 1);
    const stale = pageAt('/payment/monthly');
    expect(startEarlyCheckoutCalls(stale.win)).toEqual([]);
    setToken('member-token');
    const pricing = pageAt('/pricing');
    expect(startEarlyCheckoutCalls(pricing.win)).toEqual([]);
    for (const { fetch } of [stale, pricing]) expect(fetch).not.toHaveBeenCalled();
  });

  it("encodes the plan in the standing call's query as the API client does", () => {
    expect(standingCall('gift 1&x').path).toBe('/api/charge/standing?planId=gift+1%26x');
  });

  it('quotes first the plan alone: a basket with an add-on, a coupon or a quantity does not take that answer', () => {
    const { win } = pageAt('/payment/bulk');
    startEarlyCheckoutCalls(win);
    expect(firstBasket('bulk')).toEqual({ planId: 'bulk', addInfographics: 0, couponCode: null });
    for (const basket of [
      { planId: 'bulk', addInfographics: 20, couponCode: null },
      { planId: 'bulk', addInfographics: 0, couponCode: 'WELCOME40' },
      { planId: 'bulk', addInfographics: 0, couponCode: null, quantity: 20 },
    ])
      expect(takeEarly(quoteCall(basket), win), JSON.stringify(basket)).toBeUndefined();
  });
});
