import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginRequest } from '@/lib/api/types';
import { getToken } from '@/lib/storage';
import { fail, http, ok } from '@/testing/handlers';
import { makeUser } from '@/testing/data';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

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
        body = (await request.json());
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
});
