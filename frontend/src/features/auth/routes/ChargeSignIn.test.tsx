import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegisterRequest } from '@/lib/api/types';
import type { LoginRequest, MarkAsPaidRequest } from '../api/types';
import { getToken } from '@/lib/storage';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/**
 * A purchase made as a guest (checkout's chargeId, in the query or sessionStorage) is sent with the
 * sign-up or login, then attached with mark-as-paid (member spec §4) and dropped.
 */
function record() {
  const calls: { path: string; body: unknown; token: string | null }[] = [];
  server.use(
    http.post('/api/user/register', async ({ request }) => {
      const body: RegisterRequest = await request.json();
      calls.push({ path: 'register', body, token: request.headers.get('authorization') });
      return ok({ token: 'new-token', user: makeUser({ id: 5 }) });
    }),
    http.post('/api/user/login', async ({ request }) => {
      const body: LoginRequest = await request.json();
      calls.push({ path: 'login', body, token: request.headers.get('authorization') });
      return ok({ token: 'login-token', user: makeUser({ id: 5 }) });
    }),
    http.post('/api/user/mark-as-paid', async ({ request }) => {
      const body: MarkAsPaidRequest = await request.json();
      calls.push({ path: 'mark-as-paid', body, token: request.headers.get('authorization') });
      return ok({ isPaid: true, planId: 'monthly', endPaidDate: Date.UTC(2099, 0, 4) });
    }),
  );
  return calls;
}

async function signUp(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

async function logIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('attaching a guest purchase at sign-in', () => {
  it('sign-up: chargeId from the query goes with the registration, then mark-as-paid with the new token', async () => {
    const calls = record();
    const { user, router } = renderApp('/signup?chargeId=ch_42');
    await signUp(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.map((c) => c.path)).toEqual(['register', 'mark-as-paid']);
    expect(calls[0]?.body).toMatchObject({ username: 'ada@example.com', chargeId: 'ch_42' });
    expect(calls[1]).toEqual({ path: 'mark-as-paid', body: { chargeId: 'ch_42' }, token: 'Bearer new-token' });
    expect(window.sessionStorage.getItem('chargeId')).toBeNull();
  });

  it('login: chargeId from sessionStorage goes with the login, then mark-as-paid', async () => {
    window.sessionStorage.setItem('chargeId', 'ch_77');
    const calls = record();
    const { user, router } = renderApp('/login?redirect=%2Faccount');
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(calls.map((c) => c.path)).toEqual(['login', 'mark-as-paid']);
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret123', chargeId: 'ch_77' });
    expect(calls[1]).toEqual({ path: 'mark-as-paid', body: { chargeId: 'ch_77' }, token: 'Bearer login-token' });
    expect(window.sessionStorage.getItem('chargeId')).toBeNull();
  });

  it('login with two-factor on: the purchase is attached after the second step', async () => {
    const calls = record();
    server.use(
      http.post('/api/user/login', () => ok({ twoFactorRequired: true, challenge: 'c-1', expiresAt: Date.now() + 300_000 })),
      http.post('/api/user/login/two-factor', () => ok({ token: 'second-token', user: makeUser({ id: 5 }) })),
    );
    const { user, router } = renderApp('/login?chargeId=ch_2fa');
    await logIn(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls).toEqual([{ path: 'mark-as-paid', body: { chargeId: 'ch_2fa' }, token: 'Bearer second-token' }]);
  });

  it('no purchase: no mark-as-paid', async () => {
    const calls = record();
    const { user, router } = renderApp('/signup');
    await signUp(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.map((c) => c.path)).toEqual(['register']);
    expect((calls[0]?.body as RegisterRequest).chargeId).toBeUndefined();
  });

  it("a purchase that cannot be attached: signed in all the same, with the server's reason", async () => {
    record();
    server.use(http.post('/api/user/mark-as-paid', () => fail(409, 'This payment is already attached to another account.', 'charge_taken')));
    const { user, router } = renderApp('/signup?chargeId=ch_taken&redirect=%2Fbooks');
    await signUp(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment is already attached to another account.');
    expect(screen.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeInTheDocument();
    expect(getToken()).toBe('new-token');
    expect(window.sessionStorage.getItem('chargeId')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/books'));
  });
});
