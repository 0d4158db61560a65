/**
 * Names shared by the page and the service worker (`src/sw/sw.ts`): the caches, the message that
 * says who is signed in, and the pages the app shell can show offline. Nothing here touches the
 * browser, so the worker's bundle takes only these strings.
 */

/** The Cache Storage cache holding one member's explicit saves (book answers, covers, audio). */
export const MEMBER_CACHE_PREFIX = 'offline-member-';

export function memberCacheName(memberId: number): string {
  return `${MEMBER_CACHE_PREFIX}${memberId}`;
}

/** The worker's own note of who is signed in, kept across worker restarts. */
export const META_CACHE = 'offline-meta';
export const META_MEMBER_URL = '/__offline/member';

/** page → worker: `{ type, memberId }`, `memberId` null when nobody is signed in. */
export const MEMBER_MESSAGE = 'offline-member';

export interface MemberMessage {
  type: typeof MEMBER_MESSAGE;
  memberId: number | null;
}

/**
 * Pages that the cached app shell can draw offline: the library (saved books), a book (a saved
 * one reads and plays), the landing page and /logout (which clears this device's saves). Any other
 * page offline gets `/offline.html`.
 */
export function isOfflineAppPath(pathname: string): boolean {
  return /^\/(?:library\/?|logout\/?|books\/[^/]+\/?|book-detail\/[^/]+\/?)?$/.test(pathname);
}
