/**
 * The service worker (`/sw.js`, built by workbox-webpack-plugin's InjectManifest; docs/offline.md).
 *
 * - The app shell (index.html, offline.html, the manifest and icons, the JS and CSS of the first
 *   route, the reader, the library and logout: `OFFLINE_CHUNK_GROUPS` in webpack.config.js) is
 *   precached at install; other hashed assets are kept on first use (public, never changing).
 * - A navigation goes to the network; offline it gets the cached app shell (so a saved book or the
 *   library opens) or, for pages that mean nothing offline, `/offline.html`.
 * - API and media GETs go to the network first. Offline they are answered only from what an
 *   explicit "Save offline" put in the current member's cache (`offline-member-<id>`); audio
 *   range requests are cut from the whole saved file. Nothing the network answers is ever written
 *   there: premium text and audio are not cached by URL, and one member's saves never answer
 *   another member (the page says who is signed in, see `lib/offline/member.ts`).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, CacheOnly } from 'workbox-strategies';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { MEMBER_MESSAGE, META_CACHE, META_MEMBER_URL, isOfflineAppPath, memberCacheName, type MemberMessage } from '@/lib/offline/names';

// The worker's own events and scope (the app's TypeScript program has the DOM library, not the
// WebWorker one, so the few parts used here are declared).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
declare const self: WorkerScope;

// `/` is not answered from the precache (no `directoryIndex`): the server's prerendered landing
// page is better than the empty shell while online.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// A new worker takes over at once: it only changes which shell is served, and the shell's assets
// are hashed, so a page already open keeps working with the files it loaded.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// ---- who is signed in -------------------------------------------------------------------------

/** undefined: not read yet since the worker started (it is kept in a cache across restarts). */
let member: number | null | undefined;

async function currentMember(): Promise<number | null> {
  if (member !== undefined) return member;
  const cache = await caches.open(META_CACHE);
  const stored = await cache.match(META_MEMBER_URL);
  const value: unknown = stored ? await stored.json() : null;
  member = typeof value === 'number' ? value : null;
  return member;
}

async function setMember(id: number | null): Promise<void> {
  member = id;
  const cache = await caches.open(META_CACHE);
  if (id === null) await cache.delete(META_MEMBER_URL);
  else await cache.put(META_MEMBER_URL, new Response(JSON.stringify(id), { headers: { 'Content-Type': 'application/json' } }));
}

self.addEventListener('message', (event) => {
  const data = event.data as Partial<MemberMessage> | null;
  if (data?.type !== MEMBER_MESSAGE) return;
  const id = typeof data.memberId === 'number' ? data.memberId : null;
  event.waitUntil(setMember(id));
});

// ---- routes -----------------------------------------------------------------------------------

/** API and media answers: network first, else the member's saved copy, else a network error. */
async function networkThenSaved({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  try {
    return await fetch(request);
  } catch (networkError) {
    const id = await currentMember();
    if (id === null) throw networkError;
    // The saved audio is the whole file: a range request gets its slice (206), so seeking works.
    const saved = new CacheOnly({ cacheName: memberCacheName(id), plugins: [new RangeRequestsPlugin()], matchOptions: { ignoreVary: true } });
    try {
      return await saved.handle({ request, event });
    } catch {
      throw networkError;
    }
  }
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isApiOrMedia = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/');

registerRoute(({ url, request }) => sameOrigin(url) && request.method === 'GET' && isApiOrMedia(url), networkThenSaved);

// Hashed build files that are not precached (the back office's): public and immutable.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'assets' }),
);

// Pages: the network (the server fills book pages and prerenders the landing page), else the shell.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !isApiOrMedia(url),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      const url = new URL(request.url);
      const page = isOfflineAppPath(url.pathname) ? await matchPrecache('/index.html') : undefined;
      return page ?? (await matchPrecache('/offline.html')) ?? Response.error();
    }
  },
);

setCatchHandler(() => Promise.resolve(Response.error()));
