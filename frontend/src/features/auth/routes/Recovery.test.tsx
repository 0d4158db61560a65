import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResetPasswordRequest } from '../api/types';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('forgot password', () => {
  it('requires the e-mail, then shows only the success message', async () => {
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Email.');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText(
        'Please check your email for instructions on how to reset your password. If you have any questions, please email us at support@gistbook.app.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('validates both fields in order', async () => {
    const { user } = renderApp('/reset-password/ada%40example.com/CODE1');
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify New Password.');
    await user.type(screen.getByLabelText('New Password'), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Confirm New Password.');
  });

  it('sends the e-mail and code from the route and shows the success message with a login link', async () => {
    let body: ResetPasswordRequest | undefined;
    server.use(
      http.put('/api/user/reset-password', async ({ request }) => {
        body = await request.json();
        return ok({});
      }),
    );
    const { user } = renderApp('/reset-password/ada%40example.com/CODE1');
    await user.type(await screen.findByLabelText('New Password'), 'newpass123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password was changed. You can now login.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(body).toEqual({ password1: 'newpass123', password2: 'newpass123', code: 'CODE1', email: 'ada@example.com' });
  });

  it('shows the server error', async () => {
    server.use(http.put('/api/user/reset-password', () => fail(400, 'The passwords do not match.', 'password_mismatch')));
    const { user } = renderApp('/reset-password/ada%40example.com/CODE1');
    await user.type(await screen.findByLabelText('New Password'), 'newpass123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'other12345');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passwords do not match.');
  });
});

describe('subscription code sign-up', () => {
  it('prefills the code and validates', async () => {
    const { user } = renderApp('/subscriptioncode/GIFT-123');
    expect(await screen.findByLabelText('Code')).toHaveValue('GIFT-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify an email or code or password or first name or last name.');
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgot-password');
  });
});
