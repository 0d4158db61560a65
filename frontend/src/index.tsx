import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The global stylesheet first: component stylesheets come after it and may refine it.
import '@/styles/global.css';
import { App } from '@/app/App';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A prerendered page (scripts/prerender.mjs) is already painted: React takes over its markup, and
// keeps it on screen while the route's chunk loads, instead of drawing the page again. It was
// rendered without a query (the server sends the empty page for one): with a query, as from a
// cache that kept the markup, the page is drawn afresh rather than hydrated into a mismatch.
//
// The first render is a transition: React then works in slices of a few milliseconds and lets the
// browser answer input between them, where a blocking render held the main thread for 100-240 ms
// at a time on a slow phone (Lighthouse's long tasks, docs/performance.md). Nothing is on screen
// to keep meanwhile: the prerendered markup stays until hydrated, and a new root starts empty.
startTransition(() => {
  if (container.hasAttribute('data-prerendered') && window.location.search === '') hydrateRoot(container, app);
  else createRoot(container).render(app);
});

// The service worker (`/sw.js`, docs/offline.md) makes the app installable and saved books readable
// offline. Registered after the first paint, when the browser is idle, so it never competes with
// the page's own downloads; development builds have none (webpack's watch mode rebuilds the files).
declare const process: { env: { NODE_ENV?: string } };
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    const register = () =>
      void navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.error('Service worker registration failed', error));
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  });
}
