import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { setToken } from '@/lib/storage';

/** Pretend the user signed in `ageMs` ago. */
export function signIn(token = 'test-token', ageMs = 0): void {
  setToken(token, Date.now() - ageMs);
}

/** Render the whole app (real routes and layout) at `path`, with a fresh query client. */
export function renderApp(path: string, options: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(options.routes ?? routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, user, queryClient };
}

/** Render a single element inside a router (for components that need router context). */
export function renderWithRouter(element: ReactElement, path = '/') {
  return renderApp(path, { routes: [{ path: '*', element }] });
}

export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}
