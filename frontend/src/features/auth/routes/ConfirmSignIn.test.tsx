import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConfirmSignInRequest, SecondStepRequest } from '../api/types';
import { getStoredRedirect, getToken, setReferralId, setStoredRedirect } from '@/lib/storage';
import { fail, http, ok } from '@/testing/handlers';
import { makeUser } from '@/testing/data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const INVALID =
  'This sign-in link is invalid, was already used, has expired or was opened in another browser. Please open it in the browser where you began signing in, or sign in again.';

describe('a provider sign-in finished by a mailed link', () => {
  it('the callback says where the link went instead of signing in', async () => {
    server.use(http.get('/api/{provider}/oauth/callback', () => ok({ confirmByMail: true, email: 'faye@example.com', expiresAt: Date.now() + 3_600_000 })));
    const { router } = renderApp('/login?code=abc&state=st-1&type=facebook');
    expect(await screen.findByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Facebook did not confirm your e-mail address to us, so we sent a link to faye@example.com.');
    expect(screen.getByText('Open it in this browser within an hour to finish signing in with Facebook.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in another way' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('Check your e-mail · Gistbook'));
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('/confirm-sign-in/:code signs in on a click, not on opening, with the referral, and goes where the round trip began', async () => {
    const sent: ConfirmSignInRequest[] = [];
    server.use(
      http.post('/api/oauth/confirm', async ({ request }) => {
        sent.push(await request.json());
        return ok({ token: 'by-mail', user: makeUser() });
      }),
    );
    setReferralId('ref-9');
    setStoredRedirect('/library');
    const { user, router } = renderApp('/confirm-sign-in/code-123');
    const finish = await screen.findByRole('button', { name: 'Finish signing in' });
    await waitFor(() => expect(document.title).toBe('Finish signing in · Gistbook'));
    expect(sent).toEqual([]);
    await user.click(finish);
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    expect(sent).toEqual([{ code: 'code-123', rId: 'ref-9' }]);
    expect(getToken()).toBe('by-mail');
    expect(getStoredRedirect()).toBeNull();
  });

  it('says when the link is spent, expired or from another browser, and offers to sign in again', async () => {
    server.use(http.post('/api/oauth/confirm', () => fail(400, INVALID, 'invalid_sign_in_link')));
    const { user } = renderApp('/confirm-sign-in/old');
    await user.click(await screen.findByRole('button', { name: 'Finish signing in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
    expect(getToken()).toBeNull();
  });

  it('asks a member with two-factor on for the code next', async () => {
    const second: SecondStepRequest[] = [];
    server.use(
      http.post('/api/oauth/confirm', () => ok({ twoFactorRequired: true, challenge: 'challenge-7', expiresAt: Date.now() + 300_000 })),
      http.post('/api/user/login/two-factor', async ({ request }) => {
        second.push(await request.json());
        return ok({ token: 'two-factor-by-mail', user: makeUser() });
      }),
    );
    const { user, router } = renderApp('/confirm-sign-in/code-2');
    await user.click(await screen.findByRole('button', { name: 'Finish signing in' }));
    await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 });
    expect(getToken()).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(second).toEqual([{ challenge: 'challenge-7', code: '654321' }]);
    expect(getToken()).toBe('two-factor-by-mail');
  });
});
