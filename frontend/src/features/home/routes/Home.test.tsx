import { http } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/storage';
import { makeUser } from '@/testing/data';
import { API, fail, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('home', () => {
  it('greets the member by first name', async () => {
    signIn();
    server.use(http.get(`${API}/api/user/session`, () => ok({ user: makeUser({ firstName: 'Grace' }) })));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome Back, Grace!' })).toBeInTheDocument();
  });

  it('greets without a first name', async () => {
    signIn();
    server.use(http.get(`${API}/api/user/session`, () => ok({ user: makeUser({ firstName: '' }) })));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
  });

  it('shows the upgrade link and the invite box to unpaid members who have not invited anyone', async () => {
    signIn();
    server.use(http.get(`${API}/api/user/session`, () => ok({ user: makeUser({ isPaid: false, friendEmail: null }) })));
    renderApp('/home');
    const sidebar = await screen.findByRole('navigation', { name: 'My Gistbook' });
    expect(sidebar.querySelector('a[href="/try"]')).not.toBeNull();
    expect(await screen.findByRole('link', { name: 'Invite a friend' })).toHaveAttribute('href', '/refer-a-friend');
  });

  it('hides /try and the invite box for paid members', async () => {
    signIn();
    server.use(
      http.get(`${API}/api/user/session`, () =>
        ok({ user: makeUser({ isPaid: true, paidDate: Date.now() - 1000, planId: 'yearly', endPaidDate: Date.now() + 1e9 }) }),
      ),
    );
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Welcome Back, Ada!' });
    const sidebar = screen.getByRole('navigation', { name: 'My Gistbook' });
    expect(sidebar.querySelector('a[href="/try"]')).toBeNull();
    for (const href of ['/books', '/infographics', '/teams', '/account', '/my-progress', '/library', '/blog/whats-new', '/contact', '/refer-a-friend', '/ten-day-challenge', '/logout']) {
      expect(sidebar.querySelector(`a[href="${href}"]`)).not.toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'Invite a friend' })).not.toBeInTheDocument();
  });

  it('hides the invite box once a friend was invited', async () => {
    signIn();
    server.use(http.get(`${API}/api/user/session`, () => ok({ user: makeUser({ friendEmail: 'friend@example.com' }) })));
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Welcome Back, Ada!' });
    expect(screen.queryByRole('link', { name: 'Invite a friend' })).not.toBeInTheDocument();
  });

  it('accepts ?token=, checks it after a second and continues to /home', async () => {
    let auth: string | null = null;
    server.use(
      http.get(`${API}/api/user/session`, ({ request }) => {
        auth = request.headers.get('Authorization');
        return ok({ user: makeUser({ firstName: 'Grace' }) });
      }),
    );
    const { router } = renderApp('/home?token=from-link');
    expect(getToken()).toBe('from-link');
    await waitFor(() => expect(currentUrl(router)).toBe('/home'), { timeout: 3000 });
    expect(auth).toBe('Bearer from-link');
    expect(await screen.findByRole('heading', { name: 'Welcome Back, Grace!' })).toBeInTheDocument();
  });

  it('follows the redirect query after a ?token= login, else the stored redirect', async () => {
    window.sessionStorage.setItem('redirect', '/account');
    const { router } = renderApp('/signup?token=from-link');
    await waitFor(() => expect(currentUrl(router)).toBe('/account'), { timeout: 3000 });
    expect(window.sessionStorage.getItem('redirect')).toBeNull();
  });

  it('drops a bad ?token= and goes to /login', async () => {
    server.use(
      http.get(`${API}/api/user/session`, () => fail(401, 'Invalid token', 'invalid_token', { notLoggedIn: true })),
    );
    const { router } = renderApp('/home?token=bad');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(getToken()).toBeNull();
  });
});
