import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CancelRequest } from '../api/types';
import { makeSubscription } from '@/testing/billing-data';
import { fail, http, notLoggedIn, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

const PERIOD_END = Date.UTC(2099, 5, 30, 12);

function renewing() {
  server.use(http.get('/api/charge/subscription', () => ok({ subscription: makeSubscription({ periodEnd: PERIOD_END }) })));
}

describe('cancel subscription', () => {
  it('shows visitors the page and asks them to log in to turn off auto-renewal, then brings them back', async () => {
    let asked = 0;
    server.use(
      http.get('/api/charge/subscription', () => {
        asked += 1;
        return notLoggedIn();
      }),
    );
    const { user, router } = renderApp('/cancel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancel subscription' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/cancel');
    expect(screen.getByRole('group', { name: 'Why are you leaving?' })).toBeDisabled();
    expect(screen.getAllByRole('radio')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Turn off auto-renewal' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep as is' })).toHaveAttribute('href', '/books');
    expect(screen.getByText(/App Store or on Google Play/)).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Log in to turn off auto-renewal' });
    expect(login).toHaveAttribute('href', '/login?redirect=%2Fcancel');
    // Nothing of a member's is asked for a visitor (a 401 would end on the login page).
    expect(asked).toBe(0);

    await user.click(login);
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fcancel'));
    renewing();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/cancel'));
    expect(await screen.findByRole('button', { name: 'Turn off auto-renewal' })).toBeEnabled();
    expect(await screen.findByText(/renews on June 30, 2099/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Why are you leaving?' })).toBeEnabled();
  });

  it('lists the eight reasons, says how app-store subscriptions are cancelled, and keeps as is', async () => {
    signIn();
    renewing();
    renderApp('/cancel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancel subscription' })).toBeInTheDocument();
    expect(await screen.findByText(/renews on June 30, 2099/)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Why are you leaving?' });
    expect(group.querySelectorAll('input[type=radio]')).toHaveLength(8);
    expect(screen.getByRole('radio', { name: 'It is too expensive' })).toHaveAttribute('value', 'too expensive');
    expect(screen.getByRole('radio', { name: 'There is no Android app' })).toHaveAttribute('value', 'no android app');
    expect(screen.getByRole('link', { name: 'Keep as is' })).toHaveAttribute('href', '/books');
    const note = screen.getByText(/App Store or on Google Play/);
    expect(note).toHaveTextContent('Those are cancelled by our support team: write to support@gistbook.app.');
    expect(within(note).getByRole('link', { name: 'support@gistbook.app' })).toHaveAttribute('href', 'mailto:support@gistbook.app');
  });

  it('asks for a reason first', async () => {
    signIn();
    renewing();
    let calls = 0;
    server.use(
      http.post('/api/charge/cancel', () => {
        calls += 1;
        return ok({ subscription: makeSubscription({ status: 'canceled', renews: false }) });
      }),
    );
    const { user } = renderApp('/cancel');
    await user.click(await screen.findByRole('button', { name: 'Turn off auto-renewal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a reason.');
    expect(calls).toBe(0);
  });

  it('turns auto-renewal off and says until when Premium lasts', async () => {
    signIn();
    renewing();
    let body: CancelRequest | undefined;
    server.use(
      http.post('/api/charge/cancel', async ({ request }) => {
        body = await request.json();
        return ok({ subscription: makeSubscription({ status: 'canceled', renews: false, periodEnd: PERIOD_END }) });
      }),
    );
    const { user } = renderApp('/cancel');
    await user.click(await screen.findByRole('radio', { name: 'I do not want automatic renewals' }));
    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }));
    expect(await screen.findByText('Auto-renewal is off; Premium until June 30, 2099.')).toBeInTheDocument();
    expect(body).toEqual({ reason: 'no autorenewals' });
    expect(screen.queryByRole('button', { name: 'Turn off auto-renewal' })).not.toBeInTheDocument();
  });

  it("shows the server's error", async () => {
    signIn();
    renewing();
    server.use(
      http.post('/api/charge/cancel', () =>
        fail(502, 'We could not reach the payment provider. Nothing was charged; please try again in a moment.', 'provider_unavailable'),
      ),
    );
    const { user } = renderApp('/cancel');
    await user.click(await screen.findByRole('radio', { name: 'Another reason' }));
    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the payment provider.');
    expect(screen.getByRole('button', { name: 'Turn off auto-renewal' })).toBeEnabled();
  });

  it('shows where things stand instead of the form when auto-renewal is off already', async () => {
    signIn();
    server.use(
      http.get('/api/charge/subscription', () => ok({ subscription: makeSubscription({ status: 'canceled', renews: false, periodEnd: PERIOD_END }) })),
    );
    renderApp('/cancel');
    expect(await screen.findByText('Auto-renewal is off; Premium until June 30, 2099.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off auto-renewal' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to account' })).toHaveAttribute('href', '/account');
  });
});
