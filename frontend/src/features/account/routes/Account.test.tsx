import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeleteAccountRequest } from '../api/types';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

describe('account', () => {
  it('shows the e-mail and the free plan card', async () => {
    signIn();
    server.use(http.get('/api/user/account', () => ok({ user: makeUser({ email: 'free@example.com' }) })));
    renderApp('/account');
    expect(await screen.findByText('free@example.com')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Free Plan')).toBeInTheDocument();
    expect(main.getByText('Upgrade to access unlimited summaries')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/try');
    expect(main.getByRole('link', { name: 'Reading preferences' })).toHaveAttribute('href', '/choose-categories/edit');
    expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(main.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(main.getByRole('link', { name: /Contact us/ })).toHaveAttribute('href', 'mailto:support@gistbook.app');
    expect(main.getByRole('link', { name: 'Delete Account' })).toHaveAttribute('href', '/account/delete');
    expect(main.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('asks a member whose address is not confirmed to open the link, and sends a new one', async () => {
    signIn();
    let resent = 0;
    server.use(
      http.get('/api/user/account', () => ok({ user: makeUser({ email: 'new@example.com', emailVerified: false }) })),
      http.post('/api/user/verify-email/resend', () => {
        resent += 1;
        return resent > 1 ? fail(429, 'Too many attempts. Please wait a few minutes and try again.', 'throttled') : ok({});
      }),
    );
    const { user } = renderApp('/account');
    const notice = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    expect(within(notice).getByText('new@example.com')).toBeInTheDocument();
    expect(notice).toHaveTextContent(/buying, receiving gifts and signing in with Google/);
    await user.click(within(notice).getByRole('button', { name: 'Send a new link' }));
    expect(await within(notice).findByText('We sent a new link to new@example.com. It works for 24 hours.')).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Send a new link' }));
    expect(await within(notice).findByText('Too many attempts. Please wait a few minutes and try again.')).toBeInTheDocument();
    expect(resent).toBe(2);
  });

  it('says nothing about confirming to a member whose address is confirmed', async () => {
    signIn();
    server.use(http.get('/api/user/account', () => ok({ user: makeUser({ email: 'done@example.com', emailVerified: true }) })));
    renderApp('/account');
    expect(await screen.findByText('done@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).not.toBeInTheDocument();
  });

  it('shows an active yearly plan with its end date', async () => {
    signIn();
    const end = Date.UTC(2099, 5, 30, 12);
    server.use(
      http.get('/api/user/account', () => ok({ user: makeUser({ planId: 'premium-yearly', paidDate: Date.now() - 1000, endPaidDate: end, isPaid: true }) })),
    );
    renderApp('/account');
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId('plan-name')).toHaveTextContent('Yearly');
    expect(screen.getByTestId('plan-end')).toHaveTextContent('June 30, 2099');
    expect(screen.queryByText('Free Plan')).not.toBeInTheDocument();
  });

  it('lists the infographic packs the member bought, each with its download', async () => {
    signIn();
    server.use(
      http.get('/api/charge/infographics', () =>
        ok({ purchases: [{ chargeId: 'ch_1', count: 50, boughtAt: Date.UTC(2026, 10, 20, 12), url: '/api/charge/ch_1/infographics' }] }),
      ),
    );
    renderApp('/account');
    const card = within(await screen.findByRole('region', { name: 'Your infographics' }));
    expect(card.getByRole('link', { name: 'Download 50 infographics (ZIP)' })).toHaveAttribute('href', '/api/charge/ch_1/infographics');
    expect(card.getByText('bought on November 20, 2026')).toBeInTheDocument();
  });

  it('shows a gift year as Premium (gift) with its end', async () => {
    signIn();
    const end = Date.UTC(2099, 5, 30, 12);
    server.use(http.get('/api/user/account', () => ok({ user: makeUser({ planId: 'gift', paidDate: Date.now() - 1000, endPaidDate: end, isPaid: true }) })));
    renderApp('/account');
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId('plan-name')).toHaveTextContent('Premium (gift)');
    expect(screen.getByTestId('plan-end')).toHaveTextContent('June 30, 2099');
  });

  it('lists each grant of Premium: a lifetime and a gift year side by side', async () => {
    signIn();
    const end = Date.UTC(2099, 2, 3, 12);
    server.use(
      http.get('/api/user/account', () => ok({ user: makeUser({ planId: 'lifetime', paidDate: Date.now() - 1000, endPaidDate: null, isPaid: true }) })),
      http.get('/api/user/grants', () =>
        ok({
          grants: [
            { planId: 'lifetime', planName: 'Premium Lifetime', source: 'purchase', startsAt: 1, endsAt: null, live: true, revoked: null },
            { planId: 'gift', planName: 'Gift: one year of Premium', source: 'code', startsAt: 2, endsAt: end, live: true, revoked: null },
            { planId: 'monthly', planName: 'Premium Monthly', source: 'purchase', startsAt: 3, endsAt: 4, live: false, revoked: 'refund' },
          ],
        }),
      ),
    );
    renderApp('/account');
    const list = within(await screen.findByTestId('grants'));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Premium Lifetime · for life',
      'Gift: one year of Premium · until March 3, 2099',
    ]);
  });

  it('derives Monthly from a provider price id and Lifetime otherwise', async () => {
    signIn();
    server.use(http.get('/api/user/account', () => ok({ user: makeUser({ planId: 'price_1Abc', paidDate: 1, endPaidDate: null, isPaid: true }) })));
    const first = renderApp('/account');
    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Monthly');
    first.unmount();
    server.use(http.get('/api/user/account', () => ok({ user: makeUser({ planId: 'stacksocial-ltd', paidDate: 1, endPaidDate: null, isPaid: true }) })));
    renderApp('/account');
    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Lifetime');
  });

  it('treats an expired plan as free', async () => {
    signIn();
    server.use(http.get('/api/user/account', () => ok({ user: makeUser({ planId: 'monthly', paidDate: 1, endPaidDate: Date.now() - 1 }) })));
    renderApp('/account');
    expect(await screen.findByText('Free Plan')).toBeInTheDocument();
  });

  it('only logs a failed account fetch', async () => {
    signIn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/user/account', () => fail(500, 'Database unavailable')));
    renderApp('/account');
    await waitFor(() => expect(log).toHaveBeenCalled(), { timeout: 5000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });
});

describe('delete account', () => {
  it('shows visitors the form and asks them to log in to delete the account, then brings them back', async () => {
    let deletes = 0;
    server.use(
      http.post('/api/user/delete', () => {
        deletes += 1;
        return ok({});
      }),
    );
    const { user, router } = renderApp('/account/delete');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delete your account' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/account/delete');
    expect(screen.getByLabelText('Why are you deleting your account?')).toBeDisabled();
    expect(screen.getByLabelText('How did you find out about us?')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Account' })).not.toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Log in to delete your account' });
    expect(login).toHaveAttribute('href', '/login?redirect=%2Faccount%2Fdelete');

    await user.click(login);
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Faccount%2Fdelete'));
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/account/delete'));
    expect(await screen.findByRole('button', { name: 'Delete Account' })).toBeEnabled();
    expect(screen.getByLabelText('Why are you deleting your account?')).toBeEnabled();
    expect(deletes).toBe(0);
  });

  it('requires both answers', async () => {
    signIn();
    const { user } = renderApp('/account/delete');
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Why are you deleting your account?.');
    await user.type(screen.getByLabelText('Why are you deleting your account?'), 'Too busy');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify How did you find out about us?.');
  });

  it('deletes and then logs out', async () => {
    signIn();
    let body: DeleteAccountRequest | undefined;
    server.use(
      http.post('/api/user/delete', async ({ request }) => {
        body = await request.json();
        return ok({});
      }),
    );
    const { user, router } = renderApp('/account/delete');
    await user.type(await screen.findByLabelText('Why are you deleting your account?'), 'Too busy');
    await user.selectOptions(screen.getByLabelText('How did you find out about us?'), 'Podcast or blog');
    await user.type(screen.getByLabelText('Your password, or a code from your authenticator app'), 'my secret pass');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(body).toEqual({ why: 'Too busy', how: 'Podcast or blog', password: 'my secret pass' });
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('sends a six-digit code as the code, and says what the server needs when the proof is missing or wrong', async () => {
    signIn();
    const bodies: DeleteAccountRequest[] = [];
    server.use(
      http.post('/api/user/delete', async ({ request }) => {
        bodies.push(await request.json());
        return fail(400, 'Your current password is not correct.', 'wrong_current_password');
      }),
    );
    const { user } = renderApp('/account/delete');
    await user.type(await screen.findByLabelText('Why are you deleting your account?'), 'Too busy');
    await user.selectOptions(screen.getByLabelText('How did you find out about us?'), 'Other');
    await user.type(screen.getByLabelText('Your password, or a code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
    expect(bodies).toEqual([{ why: 'Too busy', how: 'Other', code: '123456' }]);
  });

  it('shows the fixed failure message', async () => {
    signIn();
    server.use(http.post('/api/user/delete', () => fail(500, 'boom')));
    const { user } = renderApp('/account/delete');
    await user.type(await screen.findByLabelText('Why are you deleting your account?'), 'Too busy');
    await user.selectOptions(screen.getByLabelText('How did you find out about us?'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to delete account. Please email us at support@gistbook.app.');
  });
});
