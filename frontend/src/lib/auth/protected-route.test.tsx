import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BookVisualsResult } from '@/lib/api/types';
import { makeBookRef, makeSlides } from '@/testing/catalogue-data';
import { http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('protected routes', () => {
  it('sends a signed-out visitor to /signup with the redirect', async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Faccount'));
    expect(await screen.findByRole('heading', { name: 'Create your free account' })).toBeInTheDocument();
  });

  it('keeps the query string in the redirect', async () => {
    const { router } = renderApp('/home?tab=new');
    await waitFor(() => expect(currentUrl(router)).toBe(`/signup?redirect=${encodeURIComponent('/home?tab=new')}`));
  });

  it('treats a token older than one hour as signed out when it cannot be refreshed', async () => {
    signIn('old', 3_600_001);
    const { router } = renderApp('/stacksocial');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Fstacksocial'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('lets a member with an old token in while the device is offline, without a refresh that would drop the token', async () => {
    signIn('old', 3_600_001);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let refreshed = false;
    server.use(
      http.post('/api/user/refresh-token', () => {
        refreshed = true;
        return ok({ token: 'new' });
      }),
    );
    const { router } = renderApp('/stacksocial');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/stacksocial');
    expect(refreshed).toBe(false);
    expect(window.localStorage.getItem('token')).toBe('old');
  });

  it('lets a signed-in member in', async () => {
    signIn();
    const { router } = renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/account');
  });
});

describe('the back-office route table', () => {
  it('sends a visitor on /visuals or /visuals/{id} to log in and back', async () => {
    for (const [path, redirect] of [
      ['/visuals', '/login?redirect=%2Fvisuals'],
      ['/visuals/meditations', '/login?redirect=%2Fvisuals%2Fmeditations'],
    ]) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(currentUrl(router)).toBe(redirect));
      expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
      unmount();
    }
  });

  it('brings a visitor back to the visual summary after logging in', async () => {
    const book = makeBookRef({ id: 7, subid: 'meditations', title: 'Meditations', author: 'Marcus Aurelius' });
    server.use(http.get('/api/visuals/book/{id}', () => ok<BookVisualsResult>({ isPaid: true, book, visuals: makeSlides(2) })));
    const { user, router } = renderApp('/visuals/meditations');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fvisuals%2Fmeditations'));
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/visuals/meditations'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meditations' })).toBeInTheDocument();
  });

  it('lets a visitor see /ai, /cancel and /account/delete, asking for a login only to act', async () => {
    for (const [path, heading, action] of [
      ['/ai', 'AI summariser', 'Log in to summarize'],
      ['/cancel', 'Cancel subscription', 'Log in to turn off auto-renewal'],
      ['/account/delete', 'Delete your account', 'Log in to delete your account'],
    ]) {
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(currentUrl(router)).toBe(path);
      expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(path)}`);
      unmount();
    }
  });

  it('quietly refreshes a stale token on a public page and shows the member the page to act', async () => {
    server.use(http.post('/api/user/refresh-token', () => ok({ token: 'renewed' })));
    signIn('old', 3_600_001);
    renderApp('/account/delete');
    expect(await screen.findByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to delete your account' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('renewed');
  });

  it('treats a stale token that cannot be refreshed as a visitor on a public page', async () => {
    signIn('old', 3_600_001);
    const { router } = renderApp('/cancel');
    expect(await screen.findByRole('link', { name: 'Log in to turn off auto-renewal' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/cancel');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('a stale token with a live refresh cookie', () => {
  it('is refreshed quietly and the member stays on the page', async () => {
    server.use(http.post('/api/user/refresh-token', () => ok({ token: 'renewed' })));
    signIn('old', 3_600_001);
    const { router } = renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/account');
    expect(window.localStorage.getItem('token')).toBe('renewed');
  });
});
