import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/data';
import { fail, http, notLoggedIn, ok } from '@/testing/handlers';
import type { ReferralStats } from '../api/types';
import { makeReferrals } from '@/testing/referral-data';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

const LINK = 'https://gistbook.example/r/ada7Kq2x';

function withReferrals(refers: Partial<ReferralStats> = { num: 3, paying: 1, money: 1250, pendingCents: 1000, availableCents: 250 }) {
  server.use(http.get('/api/user/refers', () => ok(makeReferrals({ rId: 'ada7Kq2x', link: LINK, refers }))));
}

describe('refer a friend (/refer-a-friend)', () => {
  it('shows the link, the share links and the stats', async () => {
    signIn();
    withReferrals();
    renderApp('/refer-a-friend');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeInTheDocument();
    expect(screen.getByText(/25% of what they pay is credited to you/)).toBeInTheDocument();
    const input = await screen.findByRole('textbox', { name: 'Your referral link' });
    expect(input).toHaveValue(LINK);
    expect(input).toHaveAttribute('readonly');

    const encoded = encodeURIComponent(LINK);
    const twitter = screen.getByRole('link', { name: /^Share on Twitter/ });
    expect(twitter.getAttribute('href')).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?text=[^&]+&url=/);
    expect(twitter.getAttribute('href')).toContain(`&url=${encoded}`);
    const facebook = screen.getByRole('link', { name: /^Share on Facebook/ });
    expect(facebook).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    for (const link of [twitter, facebook]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
    }
    const mail = screen.getByRole('link', { name: 'Share by e-mail' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:\?subject=[^&]+&body=/);
    expect(mail.getAttribute('href')).toContain(encoded);

    const stats = screen.getByRole('region', { name: 'Your referrals' });
    expect(within(stats).getByText('People referred')).toBeInTheDocument();
    expect(screen.getByTestId('referral-num')).toHaveTextContent('3');
    expect(screen.getByTestId('referral-paying')).toHaveTextContent('1');
    expect(screen.getByTestId('referral-money')).toHaveTextContent('$12.50');
    expect(screen.getByTestId('referral-pending')).toHaveTextContent('$10.00');
    expect(screen.getByTestId('referral-available')).toHaveTextContent('$2.50');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows an empty record as zeros and $0.00', async () => {
    signIn();
    withReferrals({ num: 0, paying: 0, money: 0 });
    renderApp('/refer-a-friend');
    expect(await screen.findByTestId('referral-num')).toHaveTextContent('0');
    expect(screen.getByTestId('referral-money')).toHaveTextContent('$0.00');
    expect(screen.getByText('Nobody has joined through your link yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists each person the link brought: when they joined, whether they pay, what they earned and where it stands', async () => {
    signIn();
    withReferrals({
      num: 3,
      paying: 2,
      money: 3625,
      pendingCents: 1125,
      availableCents: 2500,
      list: [
        { joinedAt: Date.UTC(2025, 2, 4, 12), paying: true, earnedCents: 1400, pendingCents: 1125, status: 'pending' },
        { joinedAt: Date.UTC(2025, 1, 10, 12), paying: true, earnedCents: 2500, pendingCents: 0, status: 'available' },
        { joinedAt: Date.UTC(2025, 0, 2, 12), paying: false, earnedCents: 0, pendingCents: 0, status: 'none' },
      ],
    });
    renderApp('/refer-a-friend');
    const table = await screen.findByRole('table', { name: 'People who joined through your link' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Joined', 'Premium', 'Earned', 'Status'],
      ['March 4, 2025', 'Yes', '$14.00', 'Pending ($11.25)'],
      ['February 10, 2025', 'Yes', '$25.00', 'Available'],
      ['January 2, 2025', 'No', '$0.00', 'Nothing yet'],
    ]);
  });

  it('says when only the latest of the people referred are listed', async () => {
    signIn();
    withReferrals({ num: 700, list: [{ joinedAt: Date.UTC(2025, 2, 4, 12), paying: false, earnedCents: 0, pendingCents: 0, status: 'none' }] });
    renderApp('/refer-a-friend');
    expect(await screen.findByRole('table', { name: 'People who joined through your link: the latest 1' })).toBeInTheDocument();
  });

  it("copies the link and says 'Link copied' in a polite live region", async () => {
    signIn();
    withReferrals();
    const { user } = renderApp('/refer-a-friend');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    const status = await screen.findByText('Link copied');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(navigator.clipboard.readText()).resolves.toBe(LINK);
  });

  it('selects the link for copying by hand when the clipboard refuses', async () => {
    signIn();
    withReferrals();
    const { user } = renderApp('/refer-a-friend');
    const button = await screen.findByRole('button', { name: 'Copy link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(button);
    expect(await screen.findByText('The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.')).toHaveAttribute('role', 'status');
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your referral link' });
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, LINK.length]);
  });

  it('sends visitors to log in and come back', async () => {
    const { router } = renderApp('/refer-a-friend');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/refer-a-friend');
  });

  it('sends a member the server no longer knows (notLoggedIn) to log in and come back', async () => {
    signIn();
    server.use(
      http.get('/api/user/refers', () => notLoggedIn()),
      // The session could not be refreshed either.
      http.post('/api/user/refresh-token', () => notLoggedIn()),
    );
    const { router } = renderApp('/refer-a-friend');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/refer-a-friend'));
  });

  it('shows another failure in an alert, and the invite form still works', async () => {
    signIn();
    server.use(http.get('/api/user/refers', ({ response }) => response.untyped(fail(400, 'Referrals are resting.'))));
    renderApp('/refer-a-friend');
    expect(await screen.findByRole('alert')).toHaveTextContent('Referrals are resting.');
    expect(screen.getByRole('button', { name: 'Send Invite' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your referral link' })).not.toBeInTheDocument();
  });

  it("fills in the member's first name for the invite", async () => {
    signIn();
    server.use(http.get('/api/user/session', () => ok({ user: makeUser({ firstName: 'Grace' }) })));
    renderApp('/refer-a-friend');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Grace'));
  });
});
