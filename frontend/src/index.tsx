import { StrictMode } from 'react';
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
if (container.hasAttribute('data-prerendered') && window.location.search === '') hydrateRoot(container, app);
else createRoot(container).render(app);
