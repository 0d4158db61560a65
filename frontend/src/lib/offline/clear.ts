/**
 * Logging out (and "Sign out everywhere", which ends at /logout) removes everything this device
 * kept for offline use: every member's cache (`offline-member-*`), the worker's note of who is
 * signed in, the IndexedDB database (saved-book index and queued saves) and the stored member. This
 * is the only clearing: the server sends no `Clear-Site-Data` (docs/offline.md says why), and an
 * offline logout never reaches the server.
 */
import { deleteDatabase } from './db';
import { MEMBER_CACHE_PREFIX, META_CACHE } from './names';
import { storeMember } from './member';
import { savedBooksChanged } from './saved-book';

export async function clearOfflineData(): Promise<void> {
  storeMember(null);
  const work: Promise<unknown>[] = typeof indexedDB === 'undefined' ? [] : [deleteDatabase()];
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    work.push(...names.filter((name) => name.startsWith(MEMBER_CACHE_PREFIX) || name === META_CACHE).map((name) => caches.delete(name)));
  }
  const results = await Promise.allSettled(work);
  savedBooksChanged();
  for (const result of results) if (result.status === 'rejected') console.error('Could not clear offline data', result.reason);
}

/** Another member signed in on this device: the previous members' caches go (their index rows too). */
export async function clearOtherMembers(memberId: number): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  const others = names.filter((name) => name.startsWith(MEMBER_CACHE_PREFIX) && name !== `${MEMBER_CACHE_PREFIX}${memberId}`);
  await Promise.all(others.map((name) => caches.delete(name)));
}
