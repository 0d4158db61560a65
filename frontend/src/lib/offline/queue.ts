/**
 * The offline position queue in IndexedDB (rules in `queue-rules.ts`): `queueSave` keeps a save
 * that found no connection, `flushQueue` sends a member's queue in the order the saves were made,
 * each with its `savedAt`, when the device is back online and when the app starts.
 */
import { api, ApiError } from '@/lib/api/client';
import { listRecords, writeRecords, QUEUE } from './db';
import { flushOutcome, mergeQueued, type QueuedSave } from './queue-rules';

/**
 * The body of `PUT /api/user-book-history/` (the schema's `PositionSaveRequest`) with `savedAt`
 * (ms since the epoch) always set: the server keeps the newer position when two devices disagree.
 */
export interface TimedPositionSave {
  bookId: number | string | null;
  position: number | null;
  completed?: boolean;
  savedAt: number;
}

/** Sends one position save (the reader's saves go through here too, so every save is timed). */
export function sendPositionSave(body: TimedPositionSave) {
  return api.put('/api/user-book-history/', { body });
}

function keyOf(save: QueuedSave): IDBValidKey {
  return [save.memberId, save.bookId, save.savedAt];
}

export async function queueSave(save: QueuedSave): Promise<void> {
  const queue = await listRecords(QUEUE, save.memberId);
  const next = mergeQueued(queue, save);
  const kept = new Set(next.map((queued) => JSON.stringify(keyOf(queued))));
  const dropped = queue.filter((queued) => !kept.has(JSON.stringify(keyOf(queued)))).map(keyOf);
  await writeRecords(QUEUE, next, dropped);
}

/** The member's queued saves in the order they were made. */
export async function queuedSaves(memberId: number): Promise<QueuedSave[]> {
  return (await listRecords(QUEUE, memberId)).sort((a, b) => a.savedAt - b.savedAt);
}

/** What a send of the queue did: how many saves the server took, and the status of the save it stopped at (0: no connection; null: none). */
export interface FlushReport {
  sent: number;
  stoppedBy: number | null;
}

let flushing: Promise<FlushReport> | null = null;

/** Sends the member's queued saves, oldest first; stops at the first that must wait. */
export function flushQueue(memberId: number): Promise<FlushReport> {
  flushing ??= (async () => {
    let sent = 0;
    const queue = await queuedSaves(memberId);
    for (const save of queue) {
      let error: ApiError | null = null;
      try {
        await sendPositionSave({ bookId: save.bookId, position: save.position, completed: save.completed, savedAt: save.savedAt });
      } catch (cause) {
        error = cause instanceof ApiError ? cause : new ApiError(String(cause), { status: 0 });
      }
      const outcome = flushOutcome(error);
      if (outcome === 'stop') return { sent, stoppedBy: error?.status ?? 0 };
      await writeRecords(QUEUE, [], [keyOf(save)]);
      if (outcome === 'sent') sent += 1;
    }
    return { sent, stoppedBy: null };
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
