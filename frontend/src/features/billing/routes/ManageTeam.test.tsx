import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InviteSeatRequest, Seat } from '../api/types';
import { makeSeat } from '@/testing/delivery-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

const INVITED_AT = Date.UTC(2099, 0, 5, 12);
const REDEEMED_AT = Date.UTC(2099, 0, 9, 12);

function team(): Seat[] {
  return [
    makeSeat({ id: 1, state: 'redeemed', invitedEmail: 'cole@example.com', invitedAt: INVITED_AT, redeemedBy: 'cole@example.com', redeemedAt: REDEEMED_AT }),
    makeSeat({ id: 2, state: 'invited', invitedEmail: 'dana@example.com', invitedAt: INVITED_AT }),
    makeSeat({ id: 3 }),
    makeSeat({ id: 4, state: 'revoked' }),
  ];
}

function seatItem(n: number) {
  return screen.getByRole('heading', { level: 3, name: `Seat ${n}` }).closest('li') as HTMLElement;
}

describe('/teams/manage', () => {
  it('sends visitors to log in and back', async () => {
    const { router } = renderApp('/teams/manage');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fteams%2Fmanage'));
  });

  it('lists each seat with its code and where it stands; only open seats can be invited or revoked', async () => {
    signIn();
    server.use(http.get('/api/teams/seats', () => ok({ seats: team() })));
    renderApp('/teams/manage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your team' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Team seats' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);

    const redeemed = within(seatItem(1));
    expect(redeemed.getByText('SEAT-0001-CODE')).toBeInTheDocument();
    expect(redeemed.getByTestId('seat-state')).toHaveTextContent('Redeemed');
    expect(redeemed.getByText('Redeemed by cole@example.com on January 9, 2099')).toBeInTheDocument();
    expect(redeemed.queryByRole('button')).not.toBeInTheDocument();

    const invited = within(seatItem(2));
    expect(invited.getByText('Invited dana@example.com on January 5, 2099')).toBeInTheDocument();
    expect(invited.getByRole('button', { name: 'Invite again' })).toBeInTheDocument();
    expect(invited.getByRole('button', { name: 'Revoke' })).toBeInTheDocument();

    const free = within(seatItem(3));
    expect(free.getByTestId('seat-state')).toHaveTextContent('Free');
    expect(free.getByRole('button', { name: 'Invite by e-mail' })).toBeInTheDocument();

    const revoked = within(seatItem(4));
    expect(revoked.getByText('Revoked: this code no longer works.')).toBeInTheDocument();
    expect(revoked.queryByRole('button')).not.toBeInTheDocument();
    // Seats in use: the revoked one is not counted.
    const summary = screen.getByRole('definition', { name: (_, el) => el.previousElementSibling?.textContent === 'Seats' });
    expect(summary).toHaveTextContent('3');
  });

  it('invites a colleague by e-mail, asking for the address first', async () => {
    signIn();
    server.use(http.get('/api/teams/seats', () => ok({ seats: team() })));
    let sent: { id: string; body: InviteSeatRequest } | undefined;
    server.use(
      http.post('/api/teams/seats/{id}/invite', async ({ params, request }) => {
        sent = { id: String(params.id), body: await request.json() };
        return ok({ seat: makeSeat({ id: 3, state: 'invited', invitedEmail: 'eve@example.com', invitedAt: INVITED_AT }) });
      }),
    );
    const { user } = renderApp('/teams/manage');
    await screen.findByRole('list', { name: 'Team seats' });
    await user.click(within(seatItem(3)).getByRole('button', { name: 'Invite by e-mail' }));
    const email = within(seatItem(3)).getByLabelText("Colleague's email");
    expect(email).toHaveFocus();
    await user.click(within(seatItem(3)).getByRole('button', { name: 'Send invitation' }));
    expect(within(seatItem(3)).getByRole('alert')).toHaveTextContent('Please enter your colleague’s email address.');
    expect(sent).toBeUndefined();

    await user.type(email, ' eve@example.com ');
    await user.click(within(seatItem(3)).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to eve@example.com.')).toBeInTheDocument();
    expect(sent).toEqual({ id: '3', body: { email: 'eve@example.com' } });
    expect(within(seatItem(3)).getByTestId('seat-state')).toHaveTextContent('Invited');
  });

  it("shows the server's refusal of an invitation", async () => {
    signIn();
    server.use(
      http.get('/api/teams/seats', () => ok({ seats: team() })),
      http.post('/api/teams/seats/{id}/invite', () => fail(400, 'Please specify a valid email address.', 'invalid_email')),
    );
    const { user } = renderApp('/teams/manage');
    await screen.findByRole('list', { name: 'Team seats' });
    await user.click(within(seatItem(3)).getByRole('button', { name: 'Invite by e-mail' }));
    await user.type(within(seatItem(3)).getByLabelText("Colleague's email"), 'nope');
    await user.click(within(seatItem(3)).getByRole('button', { name: 'Send invitation' }));
    expect(await within(seatItem(3)).findByRole('alert')).toHaveTextContent('Please specify a valid email address.');
  });

  it('revokes a seat after asking, and shows the seats the server answers (a new code replaces it)', async () => {
    signIn();
    let seats = team();
    let revoked: string | undefined;
    server.use(
      http.get('/api/teams/seats', () => ok({ seats })),
      http.post('/api/teams/seats/{id}/revoke', ({ params }) => {
        revoked = String(params.id);
        seats = [...team().map((s) => (s.id === 2 ? { ...s, state: 'revoked' as const } : s)), makeSeat({ id: 5, code: 'NEW-CODE-5' })];
        return ok({ seats });
      }),
    );
    const { user } = renderApp('/teams/manage');
    await screen.findByRole('list', { name: 'Team seats' });
    await user.click(within(seatItem(2)).getByRole('button', { name: 'Revoke' }));
    expect(within(seatItem(2)).getByText(/Revoke this code\?/)).toBeInTheDocument();
    await user.click(within(seatItem(2)).getByRole('button', { name: 'Keep it' }));
    expect(revoked).toBeUndefined();
    expect(within(seatItem(2)).getByRole('button', { name: 'Invite again' })).toHaveFocus();
    await user.click(within(seatItem(2)).getByRole('button', { name: 'Revoke' }));
    await user.click(within(seatItem(2)).getByRole('button', { name: 'Yes, revoke' }));
    expect(await screen.findByText('Seat 2 was revoked. A new code replaces it.')).toBeInTheDocument();
    expect(revoked).toBe('2');
    expect(within(seatItem(2)).getByTestId('seat-state')).toHaveTextContent('Revoked');
    expect(within(seatItem(5)).getByText('NEW-CODE-5')).toBeInTheDocument();
  });

  it('says when there are no seats, with the way to buy some', async () => {
    signIn();
    renderApp('/teams/manage');
    expect(await screen.findByText('You have no team seats yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy seats for your team' })).toHaveAttribute('href', '/teams');
  });
});
