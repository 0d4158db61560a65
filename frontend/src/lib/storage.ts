/**
 * Browser storage used by the app (spec member-app §3):
 * - localStorage: `token`, `tokenDate` (ms), `rId`
 * - sessionStorage: `chargeId`, `redirect`, `40off`, `claimedOffer` (the offer's coupon code); `tenDayGoals`, `tenDayBookIds` (a ten-day
 *   challenge plan a visitor asked to save, saved once they are signed in)
 * - cookie: `isPaid` (set by the server, read only here)
 */

export const SESSION_VALIDITY_MS = 3_600_000;

export const KEYS = {
  token: 'token',
  tokenDate: 'tokenDate',
  rId: 'rId',
  chargeId: 'chargeId',
  redirect: 'redirect',
  offer: '40off',
  claimedOffer: 'claimedOffer',
  guestPurchase: 'guestPurchase',
  tenDayGoals: 'tenDayGoals',
  tenDayBookIds: 'tenDayBookIds',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    /* storage full or disabled: nothing sensible to do */
  }
}

function remove(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    /* ignore */
  }
}

// ---- auth change notifications ---------------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** Subscribe to changes of the stored token (this tab and, via `storage` events, other tabs). */
export function subscribeToToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEYS.token || event.key === KEYS.tokenDate) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ---- token ----------------------------------------------------------------------------------

export function getToken(): string | null {
  return read('local', KEYS.token);
}

export function getTokenDate(): number | null {
  const raw = read('local', KEYS.tokenDate);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Store a new access token; its date is now. */
export function setToken(token: string, now: number = Date.now()): void {
  write('local', KEYS.token, token);
  write('local', KEYS.tokenDate, String(now));
  notify();
}

export function clearToken(): void {
  remove('local', KEYS.token);
  remove('local', KEYS.tokenDate);
  notify();
}

/** Authenticated = a token exists and tokenDate is newer than one hour ago. */
export function isAuthenticated(now: number = Date.now()): boolean {
  const token = getToken();
  const date = getTokenDate();
  if (!token || date === null) return false;
  return now - date < SESSION_VALIDITY_MS;
}

// ---- referral, charge, redirect -------------------------------------------------------------

/** A referral id as `/r/{id}` carries it: 4 to 32 letters, digits, `_` or `-`. */
export function isReferralId(value: string): boolean {
  return /^[A-Za-z0-9_-]{4,32}$/.test(value);
}

/**
 * The referral link the visitor arrived through (`rId`, sent with sign-up and every checkout), or
 * null: none, or something that is not a referral id.
 */
export function getReferralId(): string | null {
  const value = read('local', KEYS.rId);
  return value !== null && isReferralId(value) ? value : null;
}

/** Remember the id of a `/r/{id}` link (the latest one wins); false, and nothing stored, for a bad id. */
export function setReferralId(rId: string): boolean {
  if (!isReferralId(rId)) return false;
  write('local', KEYS.rId, rId);
  return true;
}

export function getChargeId(): string | null {
  return read('session', KEYS.chargeId);
}

/** A purchase made without an account (checkout's `chargeId`), attached at the next sign-in. */
export function setChargeId(chargeId: string): void {
  write('session', KEYS.chargeId, chargeId);
}

export function clearChargeId(): void {
  remove('session', KEYS.chargeId);
  remove('session', KEYS.guestPurchase);
}

/** What a guest just bought, for the sign-up page to say so and fill in the e-mail they paid with. */
export interface GuestPurchase {
  chargeId: string;
  planName: string;
  email: string;
}

export function setGuestPurchase(purchase: GuestPurchase): void {
  write('session', KEYS.guestPurchase, JSON.stringify(purchase));
}

/** The stored guest purchase as text (a stable snapshot for `useSyncExternalStore`). */
export function guestPurchaseText(): string | null {
  return read('session', KEYS.guestPurchase);
}

/** The guest purchase kept for `chargeId` (in `text`, as stored), if this tab made it. */
export function guestPurchaseOf(chargeId: string | null, text: string | null = guestPurchaseText()): GuestPurchase | null {
  if (!text || !chargeId) return null;
  try {
    const purchase = JSON.parse(text) as Partial<GuestPurchase>;
    if (purchase.chargeId !== chargeId || typeof purchase.planName !== 'string' || typeof purchase.email !== 'string') return null;
    return { chargeId, planName: purchase.planName, email: purchase.email };
  } catch {
    return null;
  }
}

export function getStoredRedirect(): string | null {
  return read('session', KEYS.redirect);
}

export function setStoredRedirect(redirect: string): void {
  write('session', KEYS.redirect, redirect);
}

export function clearStoredRedirect(): void {
  remove('session', KEYS.redirect);
}

// ---- ten-day challenge ------------------------------------------------------------------------

/** A ten-day challenge plan waiting to be saved: the goal ids it was made for and its books' ids. */
export interface PendingTenDayPlan {
  goals: number[];
  bookIds: number[];
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** A JSON list of positive whole numbers, or null (missing, not JSON, empty, anything else inside). */
function readIds(key: string): number[] | null {
  const raw = read('session', key);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0) return null;
  const ids: unknown[] = value;
  return ids.every(isId) ? ids : null;
}

/**
 * The plan a signed-out visitor asked to save (`tenDayGoals`, `tenDayBookIds` in sessionStorage, JSON
 * lists of ids), or null: none, or either list missing, empty or not a list of ids.
 */
export function getPendingTenDayPlan(): PendingTenDayPlan | null {
  const goals = readIds(KEYS.tenDayGoals);
  const bookIds = readIds(KEYS.tenDayBookIds);
  return goals && bookIds ? { goals, bookIds } : null;
}

/** Keep a plan to save after signing in (this tab only). */
export function setPendingTenDayPlan(plan: PendingTenDayPlan): void {
  write('session', KEYS.tenDayGoals, JSON.stringify(plan.goals));
  write('session', KEYS.tenDayBookIds, JSON.stringify(plan.bookIds));
}

export function clearPendingTenDayPlan(): void {
  remove('session', KEYS.tenDayGoals);
  remove('session', KEYS.tenDayBookIds);
}

// ---- offer banner ---------------------------------------------------------------------------

export function isOfferDismissed(): boolean {
  return read('session', KEYS.offer) === 'close';
}

export function dismissOffer(): void {
  write('session', KEYS.offer, 'close');
}

/** The site offer's coupon code a visitor claimed from the banner, applied at checkout. */
export function claimedOfferCode(): string | null {
  return read('session', KEYS.claimedOffer);
}

export function claimOffer(code: string): void {
  write('session', KEYS.claimedOffer, code);
}

// ---- cookies --------------------------------------------------------------------------------

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** The readable `isPaid` cookie set by the server: a UI hint only. */
export function isPaidCookie(): boolean {
  const value = readCookie('isPaid');
  return value === 'true' || value === '1';
}
