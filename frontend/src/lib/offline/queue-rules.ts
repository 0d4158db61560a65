/**
 * The rules of the offline position queue (pure; `queue.ts` keeps the queue in IndexedDB and sends
 * it). A position save that cannot reach the server is kept with the time it was made (`savedAt`)
 * and sent when the device is back online; the server keeps the newer of two positions by
 * `savedAt`, so a save sent late never overwrites what another device saved since.
 */

export interface QueuedSave {
  memberId: number;
  bookId: number;
  position: number;
  completed: boolean;
  /** When the member made it (ms since the epoch), sent as `savedAt`. */
  savedAt: number;
}

/**
 * The queue after adding `save`. For each book only what can still matter is kept: the newest save
 * (the position to resume at) and a save that completed the book (the completion and its XP are
 * the server's to count, once: dropping it would lose them). Older plain position saves of the
 * book are dropped. Sorted by `savedAt`, the order they are sent in.
 */
export function mergeQueued(queue: readonly QueuedSave[], save: QueuedSave): QueuedSave[] {
  const others = queue.filter((queued) => queued.memberId !== save.memberId || queued.bookId !== save.bookId);
  const sameBook = [...queue.filter((queued) => queued.memberId === save.memberId && queued.bookId === save.bookId), save];
  const newest = sameBook.reduce((latest, queued) => (queued.savedAt > latest.savedAt ? queued : latest));
  const firstCompletion = sameBook.filter((queued) => queued.completed).sort((a, b) => a.savedAt - b.savedAt)[0];
  const kept = firstCompletion && firstCompletion !== newest ? [firstCompletion, newest] : [newest];
  return [...others, ...kept].sort((a, b) => a.savedAt - b.savedAt);
}

/** What to do with a queued save after trying to send it. */
export type FlushOutcome = 'sent' | 'drop' | 'stop';

/**
 * - sent: the server took it (remove it);
 * - drop: the server refused it for good (the book is gone, the body is wrong: 4xx), sending it
 *   again would fail the same way;
 * - stop: no connection, no session (401: sent after the next sign-in), or the server is busy or
 *   failing (429, 5xx): keep it and everything after it, and try at the next chance.
 */
export function flushOutcome(error: { status: number } | null): FlushOutcome {
  if (error === null) return 'sent';
  const { status } = error;
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return 'stop';
  return 'drop';
}

/**
 * Waits before sending the queue again after a send stopped (ms), by attempt: the `online` event
 * can come before the connection carries requests (a captive portal, a radio still joining), and
 * a busy server asks to come back later. Stays at the last delay.
 */
export const RESEND_DELAYS_MS = [1_000, 2_000, 5_000, 15_000, 60_000] as const;

/**
 * When to send the queue again after a send that stopped on `stoppedBy` (the status of the save
 * that stopped it, 0 for no connection; null: nothing stopped it): after the attempt's delay, or
 * never (null) when nothing is left to send or only a sign-in can help (401: sent after it).
 */
export function resendDelay(stoppedBy: number | null, attempt: number): number | null {
  if (stoppedBy === null || stoppedBy === 401) return null;
  return RESEND_DELAYS_MS[Math.min(Math.max(attempt, 0), RESEND_DELAYS_MS.length - 1)];
}
