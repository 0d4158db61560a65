import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBook, makeUser } from '@/testing/data';
import { makeKindle } from '@/testing/delivery-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function paidMember(kindleEmail: string | null = 'ada@kindle.com') {
  signIn();
  server.use(
    http.get('/api/user/account', () => ok({ user: makeUser({ id: 1, isPaid: true, paidDate: 1, planId: 'lifetime' }) })),
    http.get('/api/kindle/has-kindle', () => ok(makeKindle({ kindleEmail }))),
  );
}

describe('/send-to-kindle', () => {
  it('sends visitors to sign up and back', async () => {
    const { router } = renderApp('/send-to-kindle/7');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Fsend-to-kindle%2F7'));
  });

  it('shows free members the upgrade link to /try', async () => {
    signIn();
    renderApp('/send-to-kindle/7');
    expect(await screen.findByText('Send to Kindle comes with Premium')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/try');
    expect(screen.queryByRole('button', { name: 'Send to Kindle' })).not.toBeInTheDocument();
  });

  it('asks a member without a Kindle address to set one, and comes back', async () => {
    paidMember(null);
    renderApp('/send-to-kindle/7');
    expect(await screen.findByRole('link', { name: 'Set your Kindle address' })).toHaveAttribute('href', '/set-kindle?next=%2Fsend-to-kindle%2F7');
  });

  it('sends the book and says where to and how many sends are left today', async () => {
    paidMember();
    let sent: string | undefined;
    server.use(
      http.post('/api/kindle/send/{bookId}', ({ params }) => {
        sent = String(params.bookId);
        return ok({ sentTo: 'ada@kindle.com', sendsLeftToday: 19 });
      }),
    );
    const { user } = renderApp('/send-to-kindle/7');
    expect(await screen.findByTestId('kindle-current')).toHaveTextContent('It goes to ada@kindle.com.');
    await user.click(screen.getByRole('button', { name: 'Send to Kindle' }));
    expect(await screen.findByText(/on its way to ada@kindle\.com/)).toHaveTextContent('You can send 19 more summaries today.');
    expect(sent).toBe('7');
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it("shows the server's refusals: the daily limit, and Premium only with the upgrade link", async () => {
    paidMember();
    server.use(http.post('/api/kindle/send/{bookId}', () => fail(429, 'You have sent 20 summaries today. Please try again tomorrow.', 'throttled')));
    const { user } = renderApp('/send-to-kindle/7');
    await user.click(await screen.findByRole('button', { name: 'Send to Kindle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent 20 summaries today.');

    server.use(http.post('/api/kindle/send/{bookId}', () => fail(403, 'Send to Kindle is a Premium feature.', 'premium_only')));
    await user.click(screen.getByRole('button', { name: 'Send to Kindle' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Send to Kindle is a Premium feature.'));
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/try');
  });

  it('asks for a book when none is given: search, choose, send', async () => {
    paidMember();
    let asked = '';
    server.use(
      http.get('/api/search', ({ request }) => {
        asked = new URL(request.url).searchParams.get('q') ?? '';
        return ok({ query: asked, books: [makeBook({ id: 42, title: 'Walden', author: 'Henry David Thoreau' })], total: 1, page: 1, pageSize: 20 });
      }),
    );
    const { user, router } = renderApp('/send-to-kindle');
    await user.type(await screen.findByLabelText('Find a book'), 'walden{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Choose Walden' }));
    expect(asked).toBe('walden');
    await waitFor(() => expect(currentUrl(router)).toBe('/send-to-kindle/42'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Walden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to Kindle' })).toBeInTheDocument();
  });
});
