/**
 * What the app does about offline data when it starts and when the connection comes back
 * (`app/layout/OfflineSync.tsx` calls these):
 * - the worker is told who is signed in (also when a new worker takes over);
 * - queued position saves are sent, and sent again later while one has to wait;
 * - saved premium books whose access has lapsed are removed, by the server's answer when online
 *   (`isPaid`), else by the end of the plan kept with them.
 */
import { checkOnline, lapsedOffline, type PlanFacts } from './access';
import { clearOtherMembers } from './clear';
import { storedMember, storeMember, tellWorker } from './member';
import { flushQueue } from './queue';
import { resendDelay } from './queue-rules';
import { listSavedBooks, removeSavedBooks, updateSavedBooks, type SavedBook } from './saved-book';

/** The session named a member: remember them, tell the worker, drop another member's caches. */
export async function adoptMember(memberId: number): Promise<void> {
  const previous = storedMember();
  storeMember(memberId);
  if (previous !== memberId) await clearOtherMembers(memberId);
}

/** Tells every worker that takes control of this page who the member is. */
export function keepWorkerInformed(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const tell = () => tellWorker(storedMember());
  void navigator.serviceWorker.ready.then(tell);
  navigator.serviceWorker.addEventListener('controllerchange', tell);
  return () => navigator.serviceWorker.removeEventListener('controllerchange', tell);
}

let resend: { timer: ReturnType<typeof setTimeout> | null; attempt: number } = { timer: null, attempt: 0 };

/**
 * Sends the stored member's queued saves when online; resolves with how many the server took.
 * When a save had to wait (no connection yet, a busy server), the queue is sent again after a
 * growing delay (`resendDelay`) while the device is online: the `online` event alone can come
 * before the connection carries requests. Errors are only logged.
 */
export async function sendQueued(): Promise<number> {
  if (resend.timer !== null) clearTimeout(resend.timer);
  resend.timer = null;
  const memberId = storedMember();
  if (memberId === null || !navigator.onLine) return 0;
  const report = await flushQueue(memberId).catch((error: unknown) => {
    console.error('Could not send the saved reading positions', error);
    return { sent: 0, stoppedBy: 0 };
  });
  const delay = resendDelay(report.stoppedBy, resend.attempt);
  if (delay === null) resend = { timer: null, attempt: 0 };
  else resend = { timer: setTimeout(() => void sendQueued(), delay), attempt: resend.attempt + 1 };
  return report.sent;
}

/** Stops sending the queue again later (the app closed its offline housekeeping). */
export function stopResending(): void {
  if (resend.timer !== null) clearTimeout(resend.timer);
  resend = { timer: null, attempt: 0 };
}

/**
 * Removes the saved premium books the member may no longer read; resolves with the removed books.
 * `plan`: the server's current answer (online), or null (offline: the kept ends decide).
 */
export async function removeLapsed(memberId: number, plan: PlanFacts | null, now: number = Date.now()): Promise<SavedBook[]> {
  const saved = await listSavedBooks(memberId);
  const lapsed: SavedBook[] = [];
  const updated: SavedBook[] = [];
  for (const book of saved) {
    if (plan === null) {
      if (lapsedOffline(book, now)) lapsed.push(book);
      continue;
    }
    const verdict = checkOnline(book, plan);
    if (verdict.lapsed) lapsed.push(book);
    else if (verdict.accessUntil !== book.accessUntil) updated.push({ ...book, accessUntil: verdict.accessUntil });
  }
  await updateSavedBooks(updated);
  if (lapsed.length > 0) await removeSavedBooks(lapsed);
  return lapsed;
}
