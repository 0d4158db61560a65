import { earlyToken, segmentAfter, sendEarly, type Call, type EarlyCall, type EarlyWindow } from '@/lib/api/early-calls';

/**
 * The checkout's calls (the plan's price, the payment settings, the caller's standing, and the
 * first quote), sent by the checkout's first script (`src/early-calls.ts`) as soon as the HTML has
 * arrived. The page draws nothing but a spinner until the first three have answered, and its
 * cart's total and note wait for the quote, so each left a round trip after the app's scripts
 * (docs/performance.md §5). Visitors send them too: a guest may buy.
 */

/** `/payment/{planId}` → the plan; undefined for any other address. */
export const checkoutPlanOf = (pathname: string): string | undefined => segmentAfter('/payment/', pathname);

/** POST /api/charge/price, as `getPrice` sends it. */
export const priceCall = (planId: string): Call => ({ method: 'POST', path: '/api/charge/price', body: { planId } });

/** GET /api/charge/settings, as `getPaymentSettings` sends it. */
export const paymentSettingsCall: Call = { method: 'GET', path: '/api/charge/settings' };

/** GET /api/charge/standing?planId=, as `getStanding` sends it. */
export const standingCall = (planId: string): Call => ({ method: 'GET', path: `/api/charge/standing?${new URLSearchParams({ planId }).toString()}` });

/** POST /api/charge/quote, as `getQuote` sends it. */
export const quoteCall = (basket: { planId: string; addInfographics?: number | null; couponCode?: string | null; quantity?: number | null }): Call => ({
  method: 'POST',
  path: '/api/charge/quote',
  body: basket,
});

/**
 * The basket a checkout quotes first: the plan alone, with no add-on and no coupon. A checkout that
 * starts otherwise (a plan sold by the number, which sends its quantity) asks for its own quote,
 * and this answer goes unused.
 */
export const firstBasket = (planId: string) => ({ planId, addInfographics: 0, couponCode: null });

/** Sends the checkout's calls when the page is `/payment/{planId}`, with the stored token when its session is current. */
export function startEarlyCheckoutCalls(win: EarlyWindow = window, now: number = Date.now()): EarlyCall[] {
  const planId = checkoutPlanOf(win.location.pathname);
  const token = earlyToken(now);
  if (planId === undefined || token === undefined) return [];
  const calls = [priceCall(planId), paymentSettingsCall, standingCall(planId), quoteCall(firstBasket(planId))];
  return calls.flatMap((call) => sendEarly(win, call, token, now) ?? []);
}
