import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    const { router } = renderApp('/account/delete');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Faccount%2Fdelete'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('lets a signed-in member in', async () => {
    signIn();
    const { router } = renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/account');
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
