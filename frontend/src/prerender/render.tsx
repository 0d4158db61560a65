import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/**
 * The first screen of a public page as the app draws it before any data (skeletons where data
 * goes, the signed-out header), rendered at build time with every lazy route resolved. The
 * browser paints it before the script has loaded; `src/index.tsx` then hydrates it. The tree is
 * the one `App` renders, with the static router in place of the browser router.
 */
export async function prerenderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects: nothing to prerender`);
  if (context.errors) throw new Error(`${path} has no route: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
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
];
