import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChangePasswordRequest } from '@/lib/api/types';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { CHANGED_MESSAGE } from './Security';

async function fillPasswords(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/account/security', () => {
  it('asks for every field before calling the server', async () => {
    signIn();
    let called = false;
    server.use(
      http.put('/api/user/password', () => {
        called = true;
        return ok({});
      }),
    );
    renderApp('/account/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Current Password.');
    expect(called).toBe(false);
  });

  it('changes the password and says the other devices are signed out', async () => {
    signIn();
    let sent: ChangePasswordRequest | undefined;
    server.use(
      http.put('/api/user/password', async ({ request }) => {
        sent = await request.json();
        return ok({});
      }),
    );
    renderApp('/account/security');
    await fillPasswords('old secret words', 'harbor light 22', 'harbor light 22');
    expect(await screen.findByRole('status')).toHaveTextContent(CHANGED_MESSAGE);
    expect(sent).toEqual({ currentPassword: 'old secret words', password1: 'harbor light 22', password2: 'harbor light 22' });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it("shows the server's reason", async () => {
    signIn();
    server.use(http.put('/api/user/password', () => fail(400, 'Your current password is not correct.', 'wrong_current_password')));
    renderApp('/account/security');
    await fillPasswords('not it at all', 'harbor light 22', 'harbor light 22');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
  });

  it('signs out everywhere, then this browser too', async () => {
    signIn();
    let ended = false;
    server.use(
      http.post('/api/user/logout-everywhere', () => {
        ended = true;
        return ok({});
      }),
    );
    const { router } = renderApp('/account/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(ended).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/account/security'));
  });
});
