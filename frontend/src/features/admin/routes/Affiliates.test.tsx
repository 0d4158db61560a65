import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdminAffiliate, PayoutRequest } from '../api/types';
import { adminAccess } from '@/testing/admin-data';
import { makeAdminAffiliate } from '@/testing/affiliate-data';
import { API, fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { AFFILIATES_PAGE, dollarsToCents } from '../api/affiliates';

const DECIDED = Date.UTC(2025, 3, 1, 9);

/** The table's column headers, as literals: a renamed column fails the listing test. */
const COLUMNS = ['Name', 'Account e-mail', 'Payout e-mail', 'Audience', 'Status', 'Applied', 'Referred', 'Earned', 'Paid out', 'Balance', 'Actions'];

/** A fake store of affiliates that answers pages of 50 (pending first, then the newest), decisions and payouts. */
function affiliatesServer(initial: AdminAffiliate[]) {
  const store = initial.map((affiliate) => ({ ...affiliate }));
  const asked: { start: string | null; filter: string | null }[] = [];
  const decisions: { userId: number; status: string }[] = [];
  const payouts: ({ userId: number } & PayoutRequest)[] = [];
  const ordered = () => [...store].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending') || b.appliedAt - a.appliedAt);
  server.use(
    ...adminAccess(),
    http.get('/api/admin/affiliates', ({ request }) => {
      const url = new URL(request.url);
      const start = Number(url.searchParams.get('start') ?? '0');
      const filter = url.searchParams.get('filter') ?? 'all';
      asked.push({ start: url.searchParams.get('start'), filter: url.searchParams.get('filter') });
      const matching = ordered().filter((affiliate) => filter === 'all' || affiliate.status === filter);
      return ok({
        affiliates: matching.slice(start, start + AFFILIATES_PAGE),
        total: matching.length,
        pending: store.filter((affiliate) => affiliate.status === 'pending').length,
      });
    }),
    http.put('/api/admin/affiliates/{userId}', async ({ params, request }) => decide(Number(params.userId), (await request.json()).status)),
    http.post('/api/admin/affiliates/{userId}/payouts', async ({ params, request, response }) => {
      const body = await request.json();
      const affiliate = store.find((item) => item.userId === Number(params.userId))!;
      payouts.push({ userId: affiliate.userId, ...body });
      const amountCents = body.amountCents ?? 0;
      if (amountCents > affiliate.balanceCents)
        return response.untyped(
          fail(400, 'The payout is more than the available balance (credits become available once their refund window has passed).', 'over_balance'),
        );
      affiliate.paidOutCents += amountCents;
      affiliate.balanceCents -= amountCents;
      return ok({ affiliate: { ...affiliate } });
    }),
  );
  /** A decision as the server makes it: the affiliate's new status, recorded, and the answer. */
  function decide(userId: number, status: AdminAffiliate['status']) {
    const affiliate = store.find((item) => item.userId === userId)!;
    affiliate.status = status;
    affiliate.decidedAt = DECIDED;
    decisions.push({ userId, status });
    return ok({ affiliate: { ...affiliate } });
  }
  return { store, asked, decisions, payouts, decide };
}

/** The text of a row's cell under a column. */
function cell(row: HTMLElement, column: string): string {
  return row.querySelectorAll('th, td')[COLUMNS.indexOf(column)]?.textContent ?? '';
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('rowheader', { name }).closest('tr')!;
}

describe('/admin/affiliates', () => {
  it('lists the affiliates, pending first, with their figures in dollars and the pending count', async () => {
    signIn();
    affiliatesServer([
      makeAdminAffiliate({
        userId: 3,
        name: 'Grace Hopper',
        accountEmail: 'grace@example.com',
        email: 'pay-grace@example.com',
        status: 'approved',
        decidedAt: DECIDED,
        referred: 1234,
        earnedCents: 123456,
        paidOutCents: 100000,
        balanceCents: 23456,
        audience: `A YouTube channel about programming history.\n${'Long story. '.repeat(20)}`,
      }),
      makeAdminAffiliate({ userId: 2, name: 'Ada Lovelace', accountEmail: 'ada@example.com', email: 'pay-ada@example.com', audience: 'A book blog.' }),
      makeAdminAffiliate({ userId: 1, name: 'Alan Turing', status: 'rejected', decidedAt: DECIDED }),
    ]);
    const { user } = renderApp('/admin/affiliates');

    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliates 1 pending' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(COLUMNS);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(screen.getByText('3 affiliates.')).toBeInTheDocument();

    const ada = rowOf('Ada Lovelace');
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/admin/users/2');
    expect(cell(ada, 'Account e-mail')).toBe('ada@example.com');
    expect(within(ada).getByRole('link', { name: 'pay-ada@example.com' })).toHaveAttribute('href', 'mailto:pay-ada@example.com');
    expect(cell(ada, 'Audience')).toBe('A book blog.');
    expect(cell(ada, 'Status')).toBe('Pending');
    expect(cell(ada, 'Applied')).toBe('2025-03-04');
    expect(within(ada).getByRole('button', { name: 'Approve Ada Lovelace' })).toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: 'Reject Ada Lovelace' })).toBeInTheDocument();
    expect(within(ada).queryByRole('button', { name: /Record payout/ })).not.toBeInTheDocument();

    const grace = rowOf('Grace Hopper');
    expect(cell(grace, 'Status')).toBe('Approvedon 2025-04-01');
    expect(cell(grace, 'Referred')).toBe('1,234');
    expect(cell(grace, 'Earned')).toBe('$1,234.56');
    expect(cell(grace, 'Paid out')).toBe('$1,000.00');
    expect(cell(grace, 'Balance')).toBe('$234.56');
    expect(within(grace).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(grace).getByRole('button', { name: 'Record payout for Grace Hopper' })).toBeInTheDocument();
    // The audience's first line shows; the whole of it opens in place.
    const more = within(grace).getByText('A YouTube channel about programming history.', { exact: false, selector: 'summary' });
    expect(within(grace).getByText(/Long story\./)).not.toBeVisible();
    await user.click(more);
    expect(within(grace).getByText(/Long story\./)).toBeVisible();

    const alan = rowOf('Alan Turing');
    expect(within(alan).getByRole('button', { name: 'Approve Alan Turing' })).toBeInTheDocument();
    expect(within(alan).queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();

    const filter = screen.getByRole('group', { name: 'Show affiliates' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Pending (1)', 'Approved', 'Rejected']);
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('approves an application with a PUT and the row and the count follow', async () => {
    signIn();
    const state = affiliatesServer([makeAdminAffiliate({ userId: 2, name: 'Ada Lovelace' }), makeAdminAffiliate({ userId: 1, name: 'Alan Turing' })]);
    const { user } = renderApp('/admin/affiliates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliates 2 pending' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve Ada Lovelace' }));
    expect(await screen.findByRole('button', { name: 'Record payout for Ada Lovelace' })).toBeInTheDocument();
    expect(state.decisions).toEqual([{ userId: 2, status: 'approved' }]);
    const ada = rowOf('Ada Lovelace');
    expect(cell(ada, 'Status')).toBe('Approvedon 2025-04-01');
    expect(within(ada).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Affiliates 1 pending' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pending (1)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject Alan Turing' }));
    await waitFor(() => expect(cell(rowOf('Alan Turing'), 'Status')).toBe('Rejectedon 2025-04-01'));
    expect(state.decisions.at(-1)).toEqual({ userId: 1, status: 'rejected' });
    expect(screen.getByRole('heading', { level: 1, name: 'Affiliates 0 pending' })).toBeInTheDocument();
  });

  it('records a payout in cents from the dollars typed, and shows the server refusing one', async () => {
    signIn();
    const state = affiliatesServer([
      makeAdminAffiliate({ userId: 3, name: 'Grace Hopper', status: 'approved', decidedAt: DECIDED, earnedCents: 5000, balanceCents: 5000 }),
    ]);
    const { user } = renderApp('/admin/affiliates');
    const toggle = await screen.findByRole('button', { name: 'Record payout for Grace Hopper' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Payout to Grace Hopper' });
    const amount = within(form).getByRole('textbox', { name: 'Amount in dollars' });
    expect(amount).toHaveFocus();

    // Nothing, then more than the balance (the server says no).
    await user.type(amount, '0');
    await user.click(within(form).getByRole('button', { name: 'Save payout' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please enter an amount above zero.');
    expect(state.payouts).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '80');
    await user.click(within(form).getByRole('button', { name: 'Save payout' }));
    expect(await within(form).findByText(/The payout is more than the available balance/)).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveClass('alert--warning');
    expect(state.payouts).toEqual([{ userId: 3, amountCents: 8000, note: '' }]);

    await user.clear(amount);
    await user.type(amount, '12.50');
    await user.type(within(form).getByRole('textbox', { name: 'Note' }), ' PayPal, March ');
    await user.click(within(form).getByRole('button', { name: 'Save payout' }));
    expect(await screen.findByText('Payout of $12.50 recorded.')).toHaveAttribute('role', 'status');
    expect(state.payouts.at(-1)).toEqual({ userId: 3, amountCents: 1250, note: 'PayPal, March' });
    const grace = rowOf('Grace Hopper');
    expect(cell(grace, 'Paid out')).toBe('$12.50');
    expect(cell(grace, 'Balance')).toBe('$37.50');
    expect(screen.queryByRole('form', { name: 'Payout to Grace Hopper' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it("shows an affiliate approved while 'Approved' was loading, once the approval is done", async () => {
    signIn();
    const state = affiliatesServer([makeAdminAffiliate({ userId: 2, name: 'Ada Lovelace' })]);
    // The approval reaches the server only after the approved list has answered without Ada.
    let arrive = () => {};
    const approvalHeld = new Promise<void>((resolve) => (arrive = resolve));
    server.use(
      http.put('/api/admin/affiliates/{userId}', async ({ params, request }) => {
        await approvalHeld;
        return state.decide(Number(params.userId), (await request.json()).status);
      }),
    );
    const { user } = renderApp('/admin/affiliates');
    await screen.findByRole('rowheader', { name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Approve Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    expect(await screen.findByText('No approved affiliates.')).toBeInTheDocument();
    arrive();
    expect(await screen.findByRole('rowheader', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(cell(rowOf('Ada Lovelace'), 'Status')).toBe('Approvedon 2025-04-01');
  });

  it("shows an affiliate approved while 'Approved' was loading, when the server read that list before the approval", async () => {
    signIn();
    const state = affiliatesServer([makeAdminAffiliate({ userId: 2, name: 'Ada Lovelace' })]);
    const { user, queryClient } = renderApp('/admin/affiliates');
    await screen.findByRole('rowheader', { name: 'Ada Lovelace' });
    // The approved list is read before the approval lands, and answers only once the app has the approval's answer.
    let listAsked = () => {};
    const listArrived = new Promise<void>((resolve) => (listAsked = resolve));
    let release = () => {};
    const listHeld = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(
        '/api/admin/affiliates',
        async () => {
          const approved = state.store.filter((affiliate) => affiliate.status === 'approved').map((affiliate) => ({ ...affiliate }));
          listAsked();
          await listHeld;
          return ok({ affiliates: approved, total: approved.length, pending: 1 });
        },
        { once: true },
      ),
      http.put('/api/admin/affiliates/{userId}', async ({ params, request }) => {
        await listArrived;
        return state.decide(Number(params.userId), (await request.json()).status);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Approve Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    await waitFor(() => {
      expect(state.decisions).toHaveLength(1);
      expect(queryClient.isMutating()).toBe(0);
    });
    release();
    expect(await screen.findByRole('rowheader', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(cell(rowOf('Ada Lovelace'), 'Status')).toBe('Approvedon 2025-04-01');
    expect(state.asked.at(-1)).toEqual({ start: '0', filter: 'approved' });
  });

  it('shows one status on request', async () => {
    signIn();
    const state = affiliatesServer([
      makeAdminAffiliate({ userId: 3, name: 'Grace Hopper', status: 'approved' }),
      makeAdminAffiliate({ userId: 2, name: 'Ada Lovelace' }),
    ]);
    const { user, router } = renderApp('/admin/affiliates');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    expect(router.state.location.search).toBe('?filter=approved');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Ada Lovelace' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('1 approved affiliate.')).toBeInTheDocument();
    expect(state.asked.at(-1)).toEqual({ start: '0', filter: 'approved' });
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByText('No rejected applications.')).toBeInTheDocument();
  });

  it("loads 50 at a time with 'Load More'", async () => {
    signIn();
    const all = Array.from({ length: AFFILIATES_PAGE + 5 }, (_, index) => makeAdminAffiliate({ userId: 100 - index, name: `Affiliate ${100 - index}` }));
    const state = affiliatesServer(all);
    const { user } = renderApp('/admin/affiliates');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(AFFILIATES_PAGE + 1);
    expect(screen.getByText(`${AFFILIATES_PAGE + 5} affiliates (${AFFILIATES_PAGE} shown).`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(AFFILIATES_PAGE + 6));
    expect(state.asked.map((query) => query.start)).toEqual(['0', String(AFFILIATES_PAGE)]);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it("downloads the CSV with the bearer token through 'Download CSV'", async () => {
    signIn('admin-token');
    affiliatesServer([makeAdminAffiliate()]);
    let auth: string | null = null;
    server.use(
      // Plain msw: a file, not the JSON envelope.
      mswHttp.get(`${API}/api/admin/affiliates.csv`, ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.text('user id,account email\n7,member7@example.com\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const made: Blob[] = [];
    // jsdom has no object URLs.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp('/admin/affiliates');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(made).toHaveLength(1));
    expect(auth).toBe('Bearer admin-token');
    expect(await made[0].text()).toContain('7,member7@example.com');
    const saver = clicked.mock.contexts.find((anchor) => (anchor as HTMLAnchorElement).href === 'blob:csv') as HTMLAnchorElement | undefined;
    expect(saver?.download).toBe('gistbook-affiliates.csv');
  });

  it('shows a refused CSV in a warning', async () => {
    signIn();
    affiliatesServer([makeAdminAffiliate()]);
    server.use(mswHttp.get(`${API}/api/admin/affiliates.csv`, () => HttpResponse.json({ status: 'error', error: 'Not now.', code: 'busy' }, { status: 503 })));
    const { user } = renderApp('/admin/affiliates');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not now.');
  });

  it('reads dollars as cents without floating point', () => {
    expect(dollarsToCents('12.50')).toBe(1250);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' $1,200 ')).toBe(120000);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('.99')).toBe(99);
    expect(dollarsToCents('7.')).toBe(700);
    expect(dollarsToCents('1,234,567.89')).toBe(123456789);
    // A decimal comma is refused rather than read as a thousands separator (12,50 is not $1,250).
    for (const bad of ['', '.', 'abc', '1.234', '-5', '1e3', '12,50', '12,50.', '1,2345', ',100']) expect(dollarsToCents(bad), bad).toBeNull();
  });
});
