/**
 * When saved premium books stop being readable on this device (pure). A book saved under Premium
 * keeps the end of the member's paid period (`accessUntil`, from the account data the app already
 * loads); an online start asks the server's answer (`isPaid`), an offline start compares the kept
 * end with the clock. Free books, and books a member owns on their own (an unlock, a purchase),
 * never lapse.
 */

/** The member's plan as `GET /api/user/session` and the book answer's `user` give it. */
export interface PlanFacts {
  isPaid: boolean;
  /** When the paid period ends (ms); null for lifetime or never paid. */
  endPaidDate: number | null;
}

export interface SavedAccess {
  /** Saved because of Premium (a premium book read under the plan): removed when Premium ends. */
  premium: boolean;
  /** The end of the plan when it was saved or last checked (ms); null: no end (lifetime, or not premium). */
  accessUntil: number | null;
}

/** How a book being saved now may be kept: `free` is the book's flag. */
export function accessForSave(bookIsFree: boolean, plan: PlanFacts | null): SavedAccess {
  if (bookIsFree || !plan?.isPaid) return { premium: false, accessUntil: null };
  return { premium: true, accessUntil: plan.endPaidDate };
}

/** Offline start: a premium save whose kept end has passed. */
export function lapsedOffline(saved: SavedAccess, now: number): boolean {
  return saved.premium && saved.accessUntil !== null && saved.accessUntil <= now;
}

/**
 * Online start, with the server's answer: a premium save lapses when the member no longer has
 * Premium. Otherwise the kept end follows the plan (a renewal moves it on).
 */
export function checkOnline(saved: SavedAccess, plan: PlanFacts): { lapsed: boolean; accessUntil: number | null } {
  if (!saved.premium) return { lapsed: false, accessUntil: saved.accessUntil };
  if (!plan.isPaid) return { lapsed: true, accessUntil: saved.accessUntil };
  return { lapsed: false, accessUntil: plan.endPaidDate };
}

/** What the member is told when saved books were removed. */
export function lapseMessage(count: number): string {
  const books = count === 1 ? '1 saved book was' : `${count} saved books were`;
  return `Your Premium access has ended, so ${books} removed from this device. Renew Premium to save books again.`;
}
