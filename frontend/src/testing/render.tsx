import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType, type Location, NavigationType, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes, routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { setToken } from '@/lib/storage';

/** Pretend the user signed in `ageMs` ago. */
export function signIn(token = 'test-token', ageMs = 0): void {
  setToken(token, Date.now() - ageMs);
}

/**
 * The test's handle on the app's router: the location it rendered last and how it got there
 * (`router.state`), and a way to go elsewhere as a link would (`router.navigate`).
 */
export type RouterProbe = {
  state: { location: Location; historyAction: NavigationType };
  navigate: (to: string) => Promise<void>;
};

function LocationProbe({ onRendered }: { onRendered: (seen: RouterProbe) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  // After every commit, so a test reads the page's address as soon as that page is on screen.
  useLayoutEffect(() => onRendered({ state: { location, historyAction }, navigate: async (to) => navigate(to) }));
  return null;
}

/** Render the whole app (real routes and layout) at `path`, with a fresh query client. */
export function renderApp(path: string, options: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  const router: RouterProbe = {
    state: { location: { pathname: '', search: '', hash: '', state: null, key: '' }, historyAction: NavigationType.Pop },
    navigate: () => Promise.reject(new Error('the router has not rendered yet')),
  };
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onRendered={(seen) => {
            router.state = seen.state;
            router.navigate = seen.navigate;
          }}
        />
        <AppRoutes table={options.routes ?? routes} />
      </MemoryRouter>
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
