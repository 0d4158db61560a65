/**
 * Who the device's offline data belongs to. The page learns it from the session (online) and keeps
 * it in localStorage (`offlineMember`), so an offline start still knows whose saved books and
 * queued saves to use; the service worker is told too (`MEMBER_MESSAGE`), and answers only from
 * that member's cache.
 */
import { MEMBER_MESSAGE, type MemberMessage } from './names';

const KEY = 'offlineMember';

export function storedMember(): number | null {
  try {
    const value = Number(window.localStorage.getItem(KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function storeMember(memberId: number | null): void {
  try {
    if (memberId === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, String(memberId));
  } catch {
    /* storage disabled: the worker is still told */
  }
  tellWorker(memberId);
}

/** Sends the member to the active worker, if there is one (none in development builds). */
export function tellWorker(memberId: number | null): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const message: MemberMessage = { type: MEMBER_MESSAGE, memberId };
  navigator.serviceWorker.controller?.postMessage(message);
  void navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.postMessage(message));
}

/** Whether this browser can keep books offline: Cache Storage, IndexedDB and a service worker. */
export function offlineSupported(): boolean {
  return typeof window !== 'undefined' && 'caches' in window && 'indexedDB' in window && 'serviceWorker' in navigator;
}
