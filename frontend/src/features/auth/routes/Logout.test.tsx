import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '@/lib/auth/session-api';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('logout', () => {
  it('clears the token, calls the server with the old token, empties the cache and goes home', async () => {
    signIn('bye-token');
    let auth: string | null = null;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/user/logout', async ({ request }) => {
        auth = request.headers.get('Authorization');
        await gate;
        return ok({});
      }),
    );
    const { router, queryClient } = renderApp('/logout');
    queryClient.setQueryData(sessionKeys.current(), { user: makeUser() });
    expect(await screen.findByText('Logging you out.')).toBeInTheDocument();
    // Cleared by the page's effect, which a loaded machine may run just after the first paint.
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(window.localStorage.getItem('tokenDate')).toBeNull();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(auth).toBe('Bearer bye-token');
    expect(queryClient.getQueryData(sessionKeys.current())).toBeUndefined();
  });

  it('goes home even when the server call fails', async () => {
    signIn();
    server.use(http.post('/api/user/logout', ({ response }) => response.untyped(fail(500, 'boom'))));
    const { router } = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
