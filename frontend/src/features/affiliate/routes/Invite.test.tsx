import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AffiliateApplication } from '../api/types';
import { makeAffiliate } from '@/testing/affiliate-data';
import { makeUser } from '@/testing/data';
import { fail, http, notLoggedIn, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { THANKS_TITLE } from '../components/ApplicationPending';
import {
  AUDIENCE_LENGTH_MESSAGE,
  AUDIENCE_MESSAGE,
  EMAIL_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  NAME_LENGTH_MESSAGE,
  NAME_MESSAGE,
  TERMS_MESSAGE,
  applicationProblem,
} from '../validation';

const LINK = 'https://gistbook.example/r/ada7Kq2x';

/** Records the applications sent; the answer is the application, pending. */
function recordApplications() {
  const sent: AffiliateApplication[] = [];
  server.use(
    http.post('/api/affiliate/apply', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return ok({ affiliate: makeAffiliate({ status: 'pending', name: body.name ?? '', email: body.email ?? '', audience: body.audience ?? '' }) });
    }),
  );
  return sent;
}

/** Signed in as Ada (reader1@example.com), never applied: the form, with her details filled in. */
async function openForm() {
  signIn();
  server.use(http.get('/api/user/session', () => ok({ user: makeUser({ id: 1, email: 'ada@example.com' }) })));
  const utils = renderApp('/invite');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com'));
  return utils;
}

describe('affiliate application: the checks', () => {
  it("names the first thing wrong in the server's order (missing fields, the terms, then lengths), with its texts", () => {
    const all = { name: 'Ada', email: 'ada@example.com', audience: 'A book blog', acceptTerms: true };
    expect(applicationProblem({ name: ' ', email: '', audience: '', acceptTerms: false })).toEqual({ field: 'name', message: NAME_MESSAGE });
    expect(applicationProblem({ ...all, name: 'x'.repeat(101), email: '' })).toEqual({ field: 'email', message: EMAIL_MESSAGE });
    expect(applicationProblem({ ...all, name: 'x'.repeat(101), acceptTerms: false })).toEqual({ field: 'acceptTerms', message: TERMS_MESSAGE });
    expect(applicationProblem({ ...all, name: 'x'.repeat(101), audience: 'x'.repeat(2001) })).toEqual({ field: 'name', message: NAME_LENGTH_MESSAGE });
    expect(applicationProblem({ ...all, name: ` ${'x'.repeat(100)} ` })).toBeNull();
    expect(applicationProblem({ ...all, email: '  ', audience: '' })).toEqual({ field: 'email', message: EMAIL_MESSAGE });
    for (const bad of ['ada', 'ada@example', 'ada @example.com', '@example.com']) {
      expect(applicationProblem({ ...all, email: bad }), bad).toEqual({ field: 'email', message: INVALID_EMAIL_MESSAGE });
    }
    expect(applicationProblem({ ...all, audience: '\n', acceptTerms: false })).toEqual({ field: 'audience', message: AUDIENCE_MESSAGE });
    expect(applicationProblem({ ...all, audience: 'x'.repeat(2001) })).toEqual({ field: 'audience', message: AUDIENCE_LENGTH_MESSAGE });
    expect(applicationProblem({ ...all, audience: '📚'.repeat(2000) })).toBeNull();
    expect(applicationProblem({ ...all, acceptTerms: false })).toEqual({ field: 'acceptTerms', message: TERMS_MESSAGE });
    expect(applicationProblem(all)).toBeNull();
    expect([NAME_MESSAGE, EMAIL_MESSAGE, INVALID_EMAIL_MESSAGE, AUDIENCE_MESSAGE, TERMS_MESSAGE, NAME_LENGTH_MESSAGE, AUDIENCE_LENGTH_MESSAGE]).toEqual([
      'Please enter your name.',
      'Please enter your email.',
      'Please enter a valid email address.',
      'Please tell us about your website or audience.',
      'Please accept the affiliate terms.',
      'Please keep your name under 100 characters.',
      'Please keep the description under 2000 characters.',
    ]);
  });
});

describe('affiliate application (/invite)', () => {
  it('tells a visitor to log in or create an account and come back', async () => {
    let asked = false;
    server.use(
      http.get('/api/affiliate', () => {
        asked = true;
        return ok({ affiliate: null });
      }),
    );
    const { user, router } = renderApp('/invite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliate Program' })).toBeInTheDocument();
    expect(screen.getByText(/Affiliates need a free Gistbook account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Finvite');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?redirect=%2Finvite');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(asked).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Finvite'));
  });

  it('sends a member whose session is lost to log in and come back here', async () => {
    signIn();
    server.use(
      http.get('/api/affiliate', ({ response }) => response.untyped(notLoggedIn())),
      // The session could not be refreshed either.
      http.post('/api/user/refresh-token', () => fail(401, 'Your session has expired.', 'refresh_invalid')),
    );
    const { router } = renderApp('/invite');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Finvite'));
  });

  it('labels every field, fills in the member and links the terms', async () => {
    await openForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Apply to the Affiliate Program' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/For your payouts and our messages/);
    expect(screen.getByRole('textbox', { name: 'Your website or audience' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'I accept the affiliate terms' })).not.toBeChecked();
    const terms = screen.getByRole('link', { name: 'Read the terms (opens in a new tab)' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it('says the first problem only, in order, focuses its field and sends nothing until all is well', async () => {
    const sent = recordApplications();
    const { user } = await openForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    const audience = screen.getByRole('textbox', { name: 'Your website or audience' });
    const terms = screen.getByRole('checkbox', { name: 'I accept the affiliate terms' });
    const apply = screen.getByRole('button', { name: 'Apply' });

    await user.clear(name);
    await user.clear(email);
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent(NAME_MESSAGE);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'Ada Lovelace');
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_MESSAGE);
    expect(email).toHaveFocus();
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.type(email, 'ada.example.com');
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_EMAIL_MESSAGE);
    expect(email).toHaveAccessibleDescription(expect.stringContaining(INVALID_EMAIL_MESSAGE) as string);

    await user.clear(email);
    await user.type(email, 'payouts@example.com');
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUDIENCE_MESSAGE);
    expect(audience).toHaveFocus();

    await user.type(audience, 'A newsletter about books, 4,000 readers.');
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent(TERMS_MESSAGE);
    expect(terms).toHaveFocus();
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('sends the application and shows it pending review', async () => {
    const sent = recordApplications();
    const { user } = await openForm();
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' payouts@example.com ');
    await user.type(screen.getByRole('textbox', { name: 'Your website or audience' }), '  A newsletter about books, 4,000 readers. ');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the affiliate terms' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const thanks = await screen.findByRole('heading', { name: THANKS_TITLE });
    expect(THANKS_TITLE).toBe('Thanks for applying!');
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(screen.getByText(/Your application is pending review/)).toBeInTheDocument();
    expect(screen.getByText('payouts@example.com')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Ada Lovelace', email: 'payouts@example.com', audience: 'A newsletter about books, 4,000 readers.', acceptTerms: true }]);
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in a warning and keeps what was typed", async () => {
    server.use(http.post('/api/affiliate/apply', ({ response }) => response.untyped(fail(400, 'Please enter a valid email address.', 'invalid_email'))));
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Your website or audience' }), 'My podcast');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the affiliate terms' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please enter a valid email address.');
    expect(alert).toHaveClass('alert--warning');
    expect(screen.getByRole('textbox', { name: 'Your website or audience' })).toHaveValue('My podcast');
  });

  it('shows a pending application on a later visit, without moving the focus', async () => {
    signIn();
    server.use(http.get('/api/affiliate', () => ok({ affiliate: makeAffiliate({ status: 'pending' }) })));
    renderApp('/invite');
    const thanks = await screen.findByRole('heading', { name: THANKS_TITLE });
    expect(thanks).not.toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('shows an approved affiliate the link to copy and the figures in dollars', async () => {
    signIn();
    server.use(
      http.get('/api/affiliate', () =>
        ok({
          affiliate: makeAffiliate({
            status: 'approved',
            link: LINK,
            referred: 12,
            earnedCents: 14345,
            pendingCents: 2000,
            paidOutCents: 10000,
            balanceCents: 2345,
          }),
        }),
      ),
    );
    const { user } = renderApp('/invite');
    const input = await screen.findByRole('textbox', { name: 'Your affiliate link' });
    expect(input).toHaveValue(LINK);
    expect(input).toHaveAttribute('readonly');
    const figures = screen.getByRole('region', { name: 'Your earnings' });
    expect(within(figures).getByText('People referred')).toBeInTheDocument();
    expect(screen.getByTestId('affiliate-referred')).toHaveTextContent('12');
    expect(screen.getByTestId('affiliate-earned')).toHaveTextContent('$143.45');
    expect(screen.getByTestId('affiliate-pending')).toHaveTextContent('$20.00');
    expect(within(figures).getByText('Pending (refund window)')).toBeInTheDocument();
    expect(screen.getByTestId('affiliate-paid')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('affiliate-balance')).toHaveTextContent('$23.45');
    expect(within(figures).getByText('Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toHaveAttribute('role', 'status');
    await expect(navigator.clipboard.readText()).resolves.toBe(LINK);
  });

  it('tells a member turned down so, with the form filled in with the last application to apply again', async () => {
    signIn();
    const sent = recordApplications();
    server.use(
      http.get('/api/affiliate', () => ok({ affiliate: makeAffiliate({ status: 'rejected', name: 'Ada L.', email: 'old@example.com', audience: 'Twitter' }) })),
    );
    const { user } = renderApp('/invite');
    expect(await screen.findByText(/Your previous application was not approved\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada L.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('old@example.com');
    expect(screen.getByRole('textbox', { name: 'Your website or audience' })).toHaveValue('Twitter');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the affiliate terms' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('heading', { name: THANKS_TITLE })).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Ada L.', email: 'old@example.com', audience: 'Twitter', acceptTerms: true }]);
  });

  it('shows another failure of the record in an alert', async () => {
    signIn();
    server.use(http.get('/api/affiliate', ({ response }) => response.untyped(fail(400, 'The programme is resting.'))));
    renderApp('/invite');
    expect(await screen.findByRole('alert')).toHaveTextContent('The programme is resting.');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});
