import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { renderApp } from '@/testing/render';
import { RouteErrorBoundary } from './RouteError';

function BrokenPage(): never {
  throw new Error('the page broke');
}

const table = [
  {
    element: (
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    ),
    children: [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/broken', element: <BrokenPage /> },
    ],
  },
];

describe('the last-resort error screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replaces a page that throws, and goes when the member moves to another page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router, user } = renderApp('/broken', { routes: table });

    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByText('There was an error. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(logged.mock.calls.some(([error]) => error instanceof Error && error.message === 'the page broke')).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('tries the page again when it is opened again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/broken', { routes: table });
    expect(screen.getByRole('alert')).toBeInTheDocument();

    await router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    await router.navigate('/broken');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it("is what the app's root route draws around every page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The root route's own element (the layout and what surrounds it), with a page that throws.
    renderApp('/broken', { routes: [{ element: routes[0].element, children: [{ path: 'broken', element: <BrokenPage /> }] }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
