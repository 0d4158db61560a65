import { earlyToken, sendEarly, type Call, type EarlyCall, type EarlyWindow } from '@/lib/api/early-calls';

/**
 * The checkout's three calls (the plan's price, the payment settings, the caller's standing), sent
 * by the checkout's first script (`src/early-calls.ts`) as soon as the HTML has arrived. The page
 * draws nothing but a spinner until all three have answered, so each saved a round trip after the
 * app's scripts (docs/performance.md §5). Visitors send them too: a guest may buy.
 */

/** `/payment/{planId}` → the plan; undefined for any other address. */
export function checkoutPlanOf(pathname: string): string | undefined {
  const segment = /^\/payment\/([^/]+)$/.exec(pathname)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** POST /api/charge/price, as `getPrice` sends it. */
export const priceCall = (planId: string): Call => ({ method: 'POST', path: '/api/charge/price', body: { planId } });

/** GET /api/charge/settings, as `getPaymentSettings` sends it. */
export const paymentSettingsCall: Call = { method: 'GET', path: '/api/charge/settings' };

/** GET /api/charge/standing?planId=, as `getStanding` sends it. */
export const standingCall = (planId: string): Call => ({ method: 'GET', path: `/api/charge/standing?${new URLSearchParams({ planId }).toString()}` });

/** Sends the checkout's calls when the page is `/payment/{planId}`, with the stored token when its session is current. */
export function startEarlyCheckoutCalls(win: EarlyWindow = window, now: number = Date.now()): EarlyCall[] {
  const planId = checkoutPlanOf(win.location.pathname);
  const token = earlyToken(now);
  if (planId === undefined || token === undefined) return [];
  return [priceCall(planId), paymentSettingsCall, standingCall(planId)].flatMap((call) => sendEarly(win, call, token, now) ?? []);
}
