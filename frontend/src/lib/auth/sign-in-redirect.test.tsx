import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '@/testing/render';
import { SignInRedirect } from './sign-in-redirect';

const loginPage = { path: '/login', element: <h1>Log in</h1> };

describe('SignInRedirect', () => {
  it('goes to log in at once, to come back to the page and its query, in place of the page', async () => {
    const { router } = renderApp('/refer-a-friend?from=menu', { routes: [{ path: '/refer-a-friend', element: <SignInRedirect /> }, loginPage] });
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Frefer-a-friend%3Ffrom%3Dmenu'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to sign up when asked to', async () => {
    const { router } = renderApp('/my-progress', {
      routes: [
        { path: '/my-progress', element: <SignInRedirect signIn="signup" /> },
        { path: '/signup', element: <h1>Sign up</h1> },
      ],
    });
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Fmy-progress'));
  });

  it('waits the delay first (the page says why meanwhile), then keeps the page in the history', async () => {
    const { router } = renderApp('/ten-day-challenge', {
      routes: [
        {
          path: '/ten-day-challenge',
          element: (
            <>
              <p>Log in to save your plan…</p>
              <SignInRedirect delayMs={300} />
            </>
          ),
        },
        loginPage,
      ],
    });
    const shownAt = Date.now();
    expect(await screen.findByText('Log in to save your plan…')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/ten-day-challenge');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Ften-day-challenge'));
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(250);
    expect(router.state.historyAction).toBe('PUSH');
  });
});
