import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegisterRequest } from '@/lib/api/types';
import { makeUser } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { currentUrl, renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import ReferralCaptureRoute, { REDIRECTING } from './ReferralCapture';

/** The capture page on its own (not lazy), with a stand-in home page to land on. */
function renderCapture(path: string) {
  return renderApp(path, {
    routes: [
      { path: '/r/:id', element: <ReferralCaptureRoute /> },
      { path: '/', element: <h1>Landing page</h1> },
    ],
  });
}

describe('referral capture (/r/{id})', () => {
  it("keeps the id as rId, says 'Redirecting you.' and goes to / in place of the link", async () => {
    const { router } = renderCapture('/r/Ab3_x-9z');
    expect(screen.getByRole('heading', { level: 1, name: REDIRECTING })).toBeInTheDocument();
    expect(REDIRECTING).toBe('Redirecting you.');
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    expect(window.localStorage.getItem('rId')).toBe('Ab3_x-9z');
    expect(currentUrl(router)).toBe('/');
    // Replaced: going back does not land on the link again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a later link replaces an earlier one', async () => {
    window.localStorage.setItem('rId', 'first-link');
    renderCapture('/r/second-link');
    await screen.findByRole('heading', { name: 'Landing page' });
    expect(window.localStorage.getItem('rId')).toBe('second-link');
  });

  it.each([
    ['too short', '/r/abc'],
    ['too long', `/r/${'x'.repeat(33)}`],
    ['other characters', '/r/abc%20def!'],
  ])('ignores an id that is %s, and still goes to /', async (_, path) => {
    window.localStorage.setItem('rId', 'kept-link');
    const { router } = renderCapture(path);
    await screen.findByRole('heading', { name: 'Landing page' });
    expect(currentUrl(router)).toBe('/');
    expect(window.localStorage.getItem('rId')).toBe('kept-link');
  });

  it('is a route of the app, and the sign-up that follows sends the rId', async () => {
    let body: RegisterRequest | undefined;
    server.use(
      http.post('/api/user/register', async ({ request }) => {
        body = await request.json();
        return ok({ token: 'new-token', user: makeUser({ email: body.username ?? '' }) });
      }),
    );
    const { router, user } = renderApp('/r/friend-of-ada');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(window.localStorage.getItem('rId')).toBe('friend-of-ada');

    await act(() => router.navigate('/signup'));
    await user.type(await screen.findByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ username: 'grace@example.com', rId: 'friend-of-ada' });
  });
});
