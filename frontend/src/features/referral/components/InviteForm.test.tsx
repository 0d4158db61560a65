import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InviteRequest } from '../api/types';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { makeReferrals } from '@/testing/referral-data';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { FRIEND_EMAIL_MESSAGE, FRIEND_NAME_MESSAGE, INVALID_EMAIL_MESSAGE, YOUR_NAME_MESSAGE, inviteProblem } from '../validation';

/** Records the invites sent; the first one unlocks the extra summary. */
function recordInvites() {
  const sent: InviteRequest[] = [];
  server.use(
    http.post('/api/contact/invite', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return ok({ friendEmail: body.friendEmail ?? '', firstInvite: sent.length === 1 });
    }),
  );
  return sent;
}

async function openForm() {
  signIn();
  const utils = renderApp('/refer-a-friend');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada'));
  return utils;
}

describe('invite form: the checks', () => {
  it('names the first thing missing, in the order of the form', () => {
    const all = { yourName: 'Ada', friendName: 'Grace', friendEmail: 'grace@example.com' };
    expect(inviteProblem({ yourName: ' ', friendName: '', friendEmail: '' })).toEqual({ field: 'yourName', message: YOUR_NAME_MESSAGE });
    expect(inviteProblem({ ...all, friendName: '', friendEmail: '' })).toEqual({ field: 'friendName', message: FRIEND_NAME_MESSAGE });
    expect(inviteProblem({ ...all, friendEmail: '  ' })).toEqual({ field: 'friendEmail', message: FRIEND_EMAIL_MESSAGE });
    for (const bad of ['grace', 'grace@example', 'grace @example.com', '@example.com']) {
      expect(inviteProblem({ ...all, friendEmail: bad }), bad).toEqual({ field: 'friendEmail', message: INVALID_EMAIL_MESSAGE });
    }
    expect(inviteProblem(all)).toBeNull();
    expect([YOUR_NAME_MESSAGE, FRIEND_NAME_MESSAGE, FRIEND_EMAIL_MESSAGE, INVALID_EMAIL_MESSAGE]).toEqual([
      'Please enter your name.',
      "Please enter your friend's name.",
      "Please enter your friend's email.",
      'Please enter a valid email address.',
    ]);
  });

  it('says only the first problem, focuses its field and sends nothing until all is well', async () => {
    const sent = recordInvites();
    const { user } = await openForm();
    const yourName = screen.getByRole('textbox', { name: 'Your name' });
    const send = screen.getByRole('button', { name: 'Send Invite' });

    await user.clear(yourName);
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(YOUR_NAME_MESSAGE);
    expect(yourName).toHaveFocus();
    expect(yourName).toHaveAttribute('aria-invalid', 'true');

    await user.type(yourName, 'Ada');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(FRIEND_NAME_MESSAGE);
    expect(screen.getByRole('textbox', { name: "Friend's name" })).toHaveFocus();
    expect(yourName).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByRole('textbox', { name: "Friend's name" }), 'Grace');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(FRIEND_EMAIL_MESSAGE);
    const email = screen.getByRole('textbox', { name: "Friend's e-mail" });
    expect(email).toHaveFocus();

    await user.type(email, 'grace.example.com');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_EMAIL_MESSAGE);
    expect(email).toHaveAccessibleDescription(INVALID_EMAIL_MESSAGE);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(sent).toEqual([]);
  });
});

describe('invite form: sending', () => {
  it('sends the invite, says so with the unlocked summary the first time only, and refreshes the member and the stats', async () => {
    const sent = recordInvites();
    let sessions = 0;
    let refers = 0;
    server.use(
      http.get('/api/user/session', () => {
        sessions += 1;
        return ok({ user: makeUser({ id: 1, firstName: 'Ada', friendEmail: sent.at(-1)?.friendEmail ?? null }) });
      }),
      http.get('/api/user/refers', () => {
        refers += 1;
        return ok(makeReferrals());
      }),
    );
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: "Friend's name" }), ' Grace ');
    await user.type(screen.getByRole('textbox', { name: "Friend's e-mail" }), 'grace@example.com ');
    const before = { sessions, refers };
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));

    const done = await screen.findByText('Invitation sent to grace@example.com. You unlocked one more free summary.');
    // Announced politely, as a success.
    expect(done.closest('[role="status"]')).toHaveClass('alert--success');
    expect(sent).toEqual([{ yourName: 'Ada', friendName: 'Grace', friendEmail: 'grace@example.com' }]);
    await waitFor(() => expect(sessions).toBeGreaterThan(before.sessions));
    await waitFor(() => expect(refers).toBeGreaterThan(before.refers));
    // Ready for the next friend.
    expect(screen.getByRole('textbox', { name: "Friend's name" })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: "Friend's e-mail" })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada');

    await user.type(screen.getByRole('textbox', { name: "Friend's name" }), 'Alan');
    await user.type(screen.getByRole('textbox', { name: "Friend's e-mail" }), 'alan@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Invitation sent to alan@example.com.')).toBeInTheDocument();
    expect(screen.queryByText(/You unlocked one more free summary/)).not.toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it.each([
    [400, 'Your friend is already a Gistbook member.', 'already_member'],
    [400, 'You cannot invite yourself.', 'self_invite'],
    [429, 'You have sent too many invites today. Please try again tomorrow.', 'rate_limited'],
  ])("shows the server's refusal (%i) in a warning", async (status, message, code) => {
    server.use(http.post('/api/contact/invite', ({ response }) => response.untyped(fail(status, message, code))));
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: "Friend's name" }), 'Grace');
    await user.type(screen.getByRole('textbox', { name: "Friend's e-mail" }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveClass('alert--warning');
    // What was typed stays, to correct it.
    expect(screen.getByRole('textbox', { name: "Friend's e-mail" })).toHaveValue('grace@example.com');
  });
});
