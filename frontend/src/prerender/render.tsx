import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes, routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/**
 * The first screen of a public page as the app draws it before any data (skeletons where data
 * goes, the signed-out header), rendered at build time with every lazy route resolved. The
 * browser paints it before the script has loaded; `src/index.tsx` then hydrates it. The tree is
 * the one `App` renders, with the static router in place of the browser router.
 */
export async function prerenderPage(path: string): Promise<string> {
  // Only a page of its own: the catch-all route would prerender "not found".
  const matched = matchRoutes(routes, path);
  if (!matched || matched.some(({ route }) => route.path === '*')) throw new Error(`${path} has no route: nothing to prerender`);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // Every boundary inline: a large one would otherwise be written apart and moved into place by
    // an inline script, which the Content-Security-Policy (script-src 'self') refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** The pages prerendered at build time: public, and the same for every visitor before data. */
export const PRERENDERED_PAGES: { path: string; file: string; chunk: string }[] = [
  { path: '/', file: 'index.html', chunk: 'route-landing' },
  { path: '/books', file: 'books.html', chunk: 'route-books' },
  // Its largest element is the lead paragraph, drawn before the plans arrive. With a query
  // (`?limit_reached=yes`, `?offer=`) it is the route's shell instead (ROUTE_SHELLS).
  { path: '/pricing', file: 'pricing.html', chunk: 'route-pricing' },
];

/**
 * App pages whose HTML names their route's chunks (`dist/shells/pages/<segment>.html`), so the
 * browser fetches them beside the app's own scripts instead of after the app has run: one round
 * trip less before the page can draw (docs/performance.md §5). The server answers every path under
 * `segment` with that page, so a segment is listed only where one chunk draws all its paths.
 * `earlyCalls`: the page starts with the script that sends its data calls (`src/early-calls.ts`).
 */
export const ROUTE_SHELLS: { segment: string; chunk: string; earlyCalls?: true }[] = [
  { segment: 'home', chunk: 'route-home' },
  { segment: 'library', chunk: 'route-library' },
  { segment: 'highlights', chunk: 'route-highlights' },
  { segment: 'review', chunk: 'route-review' },
  { segment: 'my-progress', chunk: 'route-my-progress' },
  { segment: 'search', chunk: 'route-search' },
  { segment: 'pricing', chunk: 'route-pricing' },
  { segment: 'try', chunk: 'route-pricing' },
  { segment: 'payment', chunk: 'route-payment', earlyCalls: true },
  { segment: 'giftcard', chunk: 'route-giftcard' },
  { segment: 'login', chunk: 'route-login' },
  { segment: 'signup', chunk: 'route-signup' },
];
