import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegisterRequest } from '@/lib/api/types';
import { getToken } from '@/lib/storage';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

async function fillSignup(user: ReturnType<typeof renderApp>['user'], values: Partial<Record<'first' | 'last' | 'email' | 'password', string>>) {
  if (values.first) await user.type(await screen.findByLabelText('First name'), values.first);
  if (values.last) await user.type(screen.getByLabelText('Last name'), values.last);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
}

describe('sign-up', () => {
  it('asks for all four fields', async () => {
    const { user } = renderApp('/signup');
    await fillSignup(user, { first: 'Ada', email: 'ada@example.com', password: 'secret123' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify an email or password or first name or last name.');
  });

  it('shows the server error in a warning alert', async () => {
    server.use(http.post('/api/user/register', () => fail(409, 'An account with this e-mail already exists.', 'email_taken')));
    const { user, router } = renderApp('/signup');
    await fillSignup(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.com', password: 'secret123' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.');
    expect(router.state.location.pathname).toBe('/signup');
    expect(getToken()).toBeNull();
  });

  it('registers with timezone, referral and charge ids, stores the token and follows the redirect', async () => {
    window.localStorage.setItem('rId', 'ref-7');
    window.sessionStorage.setItem('chargeId', 'ch_123');
    let body: RegisterRequest | undefined;
    server.use(
      http.post('/api/user/register', async ({ request }) => {
        body = await request.json();
        return ok({ token: 'new-token', user: makeUser({ email: body.username ?? '' }) });
      }),
    );
    const { user, router } = renderApp('/signup?redirect=%2Faccount');
    await fillSignup(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.com', password: 'secret123' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(body).toMatchObject({
      username: 'ada@example.com',
      password: 'secret123',
      firstName: 'Ada',
      lastName: 'Lovelace',
      rId: 'ref-7',
      chargeId: 'ch_123',
    });
    expect(typeof body?.timezone).toBe('string');
    expect(body?.timezone?.length).toBeGreaterThan(0);
    expect(getToken()).toBe('new-token');
    expect(Number(window.localStorage.getItem('tokenDate'))).toBeGreaterThan(Date.now() - 5000);
    expect(window.sessionStorage.getItem('chargeId')).toBeNull();
  });

  it('after paying as a guest, says what was bought and fills in the e-mail paid with', async () => {
    window.sessionStorage.setItem('guestPurchase', JSON.stringify({ chargeId: 'ch_9', planName: 'Premium Lifetime', email: 'gina@example.com' }));
    renderApp('/signup?chargeId=ch_9');
    expect(await screen.findByText('You bought Premium Lifetime. Create your account with gina@example.com and it is added to it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('gina@example.com');
  });

  it("says nothing of a purchase made elsewhere (another tab's or the receipt's link)", async () => {
    window.sessionStorage.setItem('guestPurchase', JSON.stringify({ chargeId: 'ch_other', planName: 'Premium Lifetime', email: 'gina@example.com' }));
    renderApp('/signup?chargeId=ch_9');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/You bought/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('goes to /home without a redirect and ignores off-site redirects', async () => {
    const { user, router } = renderApp('/signup?redirect=%2F%2Fevil.example.com');
    await fillSignup(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.com', password: 'secret123' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows the error query parameter, keeps redirect on the login link and has a free-trial wording', async () => {
    renderApp('/signup?error=Your%20link%20expired&redirect=%2Faccount&free-trial=true');
    expect(await screen.findByText('Your link expired')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/free trial/i);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Faccount');
  });

  it('shows the provider error when Google sign-in is not available', async () => {
    const { user, router } = renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in is not configured.');
    expect(currentUrl(router)).toBe('/signup');
  });

  it('leaves for the provider through /goback when the server gives a URL', async () => {
    server.use(http.get('/api/apple/login/oauth', () => ok({ url: 'https://appleid.example.com/auth?x=1' })));
    const assign = vi.fn();
    // A spy on the getter (undone after the test by restoreMocks), so the window's own
    // `location` property stays as it was for the files that share this worker.
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user, router } = renderApp('/signup?redirect=%2Faccount');
    await user.click(await screen.findByRole('button', { name: 'Sign up with Apple' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/goback'));
    expect(new URLSearchParams(router.state.location.search).get('goback')).toBe('https://appleid.example.com/auth?x=1');
    expect(window.sessionStorage.getItem('redirect')).toBe('/account');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://appleid.example.com/auth?x=1'));
  });

  it('exchanges a provider callback code and state for a token', async () => {
    server.use(
      http.get('/api/google/login/oauth/callback', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const good = query.get('code') === 'abc' && query.get('state') === 'st-1' && Boolean(query.get('timezone'));
        return good ? ok({ token: 'google-token', user: makeUser() }) : fail(400, 'Bad code or state');
      }),
    );
    window.sessionStorage.setItem('redirect', '/account');
    const { router } = renderApp('/signup?code=abc&state=st-1&type=google');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(getToken()).toBe('google-token');
  });

  it('shows the server error when the provider callback fails', async () => {
    server.use(http.get('/api/google/login/oauth/callback', () => fail(400, 'This sign-in link has expired.')));
    renderApp('/signup?code=abc&type=google');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link has expired.');
    expect(getToken()).toBeNull();
  });
});
