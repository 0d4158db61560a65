import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginRequest, SecondStepRequest } from '../api/types';
import { getStoredRedirect, getToken, setStoredRedirect } from '@/lib/storage';
import { fail, http, ok } from '@/testing/handlers';
import { makeUser } from '@/testing/data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const WRONG_CODE = 'That code is not right. Please check your authenticator app (or use a recovery code) and try again.';
const EXPIRED = 'This sign-in has expired. Please log in again.';
const CODE_HINT = 'Open your authenticator app, or enter one of your recovery codes.';

/** The login answers a two-factor challenge; returns what the second step received. */
function twoFactorServer(secondStep: (body: SecondStepRequest) => Response) {
  const sent: SecondStepRequest[] = [];
  let refreshed = false;
  server.use(
    http.post('/api/user/login', () => ok({ twoFactorRequired: true, challenge: 'challenge-1', expiresAt: Date.now() + 300_000 })),
    http.post('/api/user/login/two-factor', async ({ request, response }) => {
      const body = await request.json();
      sent.push(body);
      return response.untyped(secondStep(body));
    }),
    http.post('/api/user/refresh-token', () => {
      refreshed = true;
      return fail(401, 'Your session has expired.', 'refresh_invalid');
    }),
  );
  return { sent, refreshed: () => refreshed };
}

async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 });
}

describe('login', () => {
  it('asks for e-mail and password', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify an email or password.');
  });

  it('shows the server error', async () => {
    server.use(http.post('/api/user/login', () => fail(401, 'Wrong e-mail or password.', 'invalid_credentials')));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(getToken()).toBeNull();
  });

  it('logs in and goes to the redirect target', async () => {
    let body: LoginRequest | undefined;
    server.use(
      http.post('/api/user/login', async ({ request }) => {
        body = await request.json();
        return ok({ token: 'tok', user: makeUser() });
      }),
    );
    const { user, router } = renderApp('/login?redirect=%2Faccount');
    expect(await screen.findByText('Log in to continue.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(body).toEqual({ email: 'ada@example.com', password: 'secret123' });
    expect(getToken()).toBe('tok');
  });

  it('has the default subtitle, the forgot-password link and a sign-up link keeping the redirect', async () => {
    renderApp('/login');
    expect(await screen.findByText('Welcome back! Log in to keep reading.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('keeps the redirect on the sign-up link', async () => {
    renderApp('/login?redirect=%2Fhome');
    expect(await screen.findByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup?redirect=%2Fhome');
  });

  describe('with two-factor on', () => {
    it('asks for a code after the password, then continues like a normal login', async () => {
      const calls = twoFactorServer(() => ok({ token: 'two-factor-token', user: makeUser() }));
      const { user, router } = renderApp('/login?redirect=%2Faccount');
      await passwordStep(user);
      // No session yet: the password alone signs nobody in.
      expect(getToken()).toBeNull();
      expect(router.state.location.pathname).toBe('/login');
      await waitFor(() => expect(document.title).toBe('Two-factor sign-in · Gistbook'));
      const field = screen.getByLabelText('Authentication code');
      expect(field).toHaveFocus();
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      expect(field).toHaveAccessibleDescription(CODE_HINT);
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

      await user.type(field, ' 123456 ');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      expect(calls.sent).toEqual([{ challenge: 'challenge-1', code: '123456' }]);
      expect(getToken()).toBe('two-factor-token');
    });

    it('takes a recovery code (letters and dashes) as it is typed', async () => {
      const calls = twoFactorServer(() => ok({ token: 'recovered', user: makeUser() }));
      const { user, router } = renderApp('/login');
      await passwordStep(user);
      await user.type(screen.getByLabelText('Authentication code'), 'abcd-efgh-jkmn-pqrs');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      expect(calls.sent).toEqual([{ challenge: 'challenge-1', code: 'abcd-efgh-jkmn-pqrs' }]);
    });

    it("shows the server's message for a wrong code, tied to the field, and stays on the step", async () => {
      const calls = twoFactorServer(() => fail(400, WRONG_CODE, 'invalid_two_factor_code'));
      const { user, router } = renderApp('/login');
      await passwordStep(user);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      // Nothing typed: asked for, without a call.
      expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the code from your authenticator app or a recovery code.');
      expect(calls.sent).toEqual([]);

      await user.type(screen.getByLabelText('Authentication code'), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(WRONG_CODE));
      const field = screen.getByLabelText('Authentication code');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(`${CODE_HINT} ${WRONG_CODE}`);
      expect(screen.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(getToken()).toBeNull();
    });

    it("goes back to the password step with the server's message when the challenge expired", async () => {
      const calls = twoFactorServer(() => fail(401, EXPIRED, 'login_challenge_expired'));
      const { user } = renderApp('/login');
      await passwordStep(user);
      await user.type(screen.getByLabelText('Authentication code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByLabelText('Password')).toHaveValue('');
      expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED);
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      expect(screen.getByLabelText('Password')).toHaveFocus();
      expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Log in · Gistbook'));
      // A 401 here is an answer, not a lost session.
      expect(calls.refreshed()).toBe(false);
      expect(getToken()).toBeNull();
    });

    it('"Back to sign in" returns to the password step', async () => {
      twoFactorServer(() => ok({ token: 'unused', user: makeUser() }));
      const { user } = renderApp('/login');
      await passwordStep(user);
      await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
      expect(await screen.findByRole('heading', { name: 'Log in to Gistbook', level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    });

    it('asks for the code after a social sign-in too, then goes where the round trip began', async () => {
      const calls = twoFactorServer(() => ok({ token: 'social-two-factor', user: makeUser() }));
      server.use(
        http.get('/api/google/login/oauth/callback', () => ok({ twoFactorRequired: true, challenge: 'challenge-1', expiresAt: Date.now() + 300_000 })),
      );
      setStoredRedirect('/library');
      const { user, router } = renderApp('/login?code=abc&state=st-1&type=google');
      await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 });
      expect(getToken()).toBeNull();
      await user.type(screen.getByLabelText('Authentication code'), '654321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
      expect(calls.sent).toEqual([{ challenge: 'challenge-1', code: '654321' }]);
      expect(getToken()).toBe('social-two-factor');
      expect(getStoredRedirect()).toBeNull();
    });
  });
});
