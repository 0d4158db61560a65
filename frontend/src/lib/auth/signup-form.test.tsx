import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RegisterRequest } from '@/lib/api/types';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderWithRouter } from '@/testing/render';
import { server } from '@/testing/server';
import { SIGNUP_REQUIRED_MESSAGE, SignupForm } from './signup-form';

function recordRegistrations() {
  const sent: RegisterRequest[] = [];
  server.use(
    http.post('/api/user/register', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return ok({ token: 'new-token', user: makeUser({ email: body.username ?? '' }) });
    }),
  );
  return sent;
}

async function fill(user: ReturnType<typeof renderWithRouter>['user'], email = 'ada@example.com') {
  await user.type(await screen.findByLabelText('First name'), ' Ada ');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'secret123');
}

describe('the shared sign-up form', () => {
  it('shows its own warning above itself, without scrolling, and sends nothing while a field is missing', async () => {
    const sent = recordRegistrations();
    const scroll = vi.spyOn(window, 'scrollTo');
    const onSignedUp = vi.fn();
    const { user } = renderWithRouter(<SignupForm onSignedUp={onSignedUp} />);
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_REQUIRED_MESSAGE);
    expect(scroll).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.');
  });

  it('sends the trimmed names, the default e-mail and the purchase read at sending time, then hands over the answer', async () => {
    const sent = recordRegistrations();
    const onSignedUp = vi.fn();
    let charge: string | null = null;
    const { user } = renderWithRouter(<SignupForm onSignedUp={onSignedUp} defaultEmail="gina@example.com" chargeId={() => charge} />);
    expect(await screen.findByLabelText('Email')).toHaveValue('gina@example.com');
    await fill(user, '');
    charge = 'ch_9';
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ token: 'new-token' })));
    expect(sent).toEqual([
      expect.objectContaining({ username: 'gina@example.com', firstName: 'Ada', lastName: 'Lovelace', password: 'secret123', chargeId: 'ch_9' }),
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hands its messages to the page’s own alert when given one', async () => {
    server.use(http.post('/api/user/register', () => fail(409, 'An account with this e-mail already exists.', 'email_taken')));
    const showError = vi.fn();
    const clearError = vi.fn();
    const { user } = renderWithRouter(<SignupForm onSignedUp={vi.fn()} messages={{ showError, clearError }} />);
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(showError).toHaveBeenLastCalledWith(SIGNUP_REQUIRED_MESSAGE);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(clearError).toHaveBeenCalled();
    await waitFor(() => expect(showError).toHaveBeenLastCalledWith('An account with this e-mail already exists.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps spinning, and sends nothing, while the page is busy', async () => {
    const sent = recordRegistrations();
    renderWithRouter(<SignupForm onSignedUp={vi.fn()} busy />);
    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeDisabled();
    expect(sent).toEqual([]);
  });
});
