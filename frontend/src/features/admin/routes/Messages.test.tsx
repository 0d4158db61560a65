import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminMessage } from '../api/types';
import { adminAccess } from '@/testing/admin-data';
import { http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { MESSAGES_PAGE } from '../api/messages';
import { excerpt, toDateTime } from '../format';

function makeMessage(overrides: Partial<AdminMessage> = {}): AdminMessage {
  const id = overrides.id ?? 1;
  return {
    id,
    kind: 'contact',
    name: 'Ada Reader',
    email: `reader${id}@example.com`,
    body: `Message number ${id}`,
    createdAt: new Date(Date.UTC(2026, 10, 20, 9, 30) - id * 60_000).toISOString(),
    read: false,
    ...overrides,
  };
}

/** A fake store of messages, newest first, that answers pages of 50 and read changes. */
function messagesServer(initial: AdminMessage[]) {
  const store = initial.map((message) => ({ ...message }));
  const asked: { start: string | null; filter: string | null }[] = [];
  const marked: { id: number; read: boolean }[] = [];
  server.use(
    ...adminAccess(),
    http.get('/api/admin/messages', ({ request }) => {
      const url = new URL(request.url);
      const start = Number(url.searchParams.get('start') ?? '0');
      const filter = url.searchParams.get('filter');
      asked.push({ start: url.searchParams.get('start'), filter });
      const matching = filter === 'unread' ? store.filter((message) => !message.read) : store;
      return ok({ messages: matching.slice(start, start + MESSAGES_PAGE), total: matching.length, unread: store.filter((message) => !message.read).length });
    }),
    http.put('/api/admin/messages/{id}', async ({ params, request }) => {
      const { read } = await request.json();
      const message = store.find((item) => item.id === Number(params.id))!;
      message.read = read;
      marked.push({ id: message.id, read });
      return ok({ ...message });
    }),
  );
  return { store, asked, marked };
}

describe('/admin/messages', () => {
  it('lists kind, sender, first line, local date and state, with the unread count in the heading', async () => {
    signIn();
    const contact = makeMessage({
      id: 3,
      kind: 'contact',
      name: 'Ada Reader',
      email: 'ada@example.com',
      body: 'Where is my receipt?\nI paid yesterday by card.',
    });
    const suggest = makeMessage({ id: 2, kind: 'suggest', name: null, email: 'anon@example.com', body: 'Sapiens, please', read: true });
    const feedback = makeMessage({ id: 1, kind: 'feedback', name: null, email: 'fan@example.com', body: 'Love the visuals.' });
    messagesServer([contact, suggest, feedback]);
    const { user } = renderApp('/admin/messages');

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages 2 unread' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Kind', 'From', 'Message', 'Received', 'State', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const first = within(rows[0]);
    expect(first.getByText('Contact')).toBeInTheDocument();
    expect(first.getByText('Ada Reader')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(first.getByText(toDateTime(Date.parse(contact.createdAt)))).toBeInTheDocument();
    expect(first.getByText('Unread')).toBeInTheDocument();
    // The first line shows; the whole message opens in place.
    const summary = first.getByText('Where is my receipt?', { exact: false, selector: 'summary' });
    expect(first.getByText(/I paid yesterday by card\./)).not.toBeVisible();
    await user.click(summary);
    expect(first.getByText(/I paid yesterday by card\./)).toBeVisible();

    expect(within(rows[1]).getByText('Book suggestion')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'anon@example.com' })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Read')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Mark as unread: message from anon@example.com' })).toBeInTheDocument();
    expect(within(rows[2]).getByText('Feedback')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('marks a message read and unread again, and the count follows', async () => {
    signIn();
    const state = messagesServer([makeMessage({ id: 2, name: 'Ada Reader' }), makeMessage({ id: 1, name: 'Bob Writer', read: true })]);
    const { user } = renderApp('/admin/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages 1 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark as read: message from Ada Reader' }));
    expect(await screen.findByRole('button', { name: 'Mark as unread: message from Ada Reader' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages 0 unread' })).toBeInTheDocument();
    expect(state.marked).toEqual([{ id: 2, read: true }]);

    await user.click(screen.getByRole('button', { name: 'Mark as unread: message from Bob Writer' }));
    expect(await screen.findByRole('button', { name: 'Mark as read: message from Bob Writer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages 1 unread' })).toBeInTheDocument();
    expect(state.marked).toEqual([
      { id: 2, read: true },
      { id: 1, read: false },
    ]);
  });

  it('shows only the unread ones on request, and keeps a message marked read in place there', async () => {
    signIn();
    const state = messagesServer([makeMessage({ id: 3, name: 'Cleo' }), makeMessage({ id: 2, name: 'Dan', read: true }), makeMessage({ id: 1, name: 'Eve' })]);
    const { user, router } = renderApp('/admin/messages');
    await screen.findByRole('table');
    const filter = screen.getByRole('group', { name: 'Show messages' });
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filter).getByRole('button', { name: 'Unread' }));
    expect(router.state.location.search).toBe('?filter=unread');
    expect(within(filter).getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByText('Dan')).not.toBeInTheDocument());
    expect(screen.getByText('Cleo')).toBeInTheDocument();
    expect(screen.getByText('Eve')).toBeInTheDocument();
    expect(state.asked.at(-1)).toEqual({ start: '0', filter: 'unread' });

    await user.click(screen.getByRole('button', { name: 'Mark as read: message from Cleo' }));
    expect(await screen.findByRole('button', { name: 'Mark as unread: message from Cleo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages 1 unread' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as read: message from Eve' }));
    await screen.findByRole('button', { name: 'Mark as unread: message from Eve' });

    // Back to all, then unread again: fetched afresh, nothing unread is left.
    await user.click(within(filter).getByRole('button', { name: 'All' }));
    expect(await screen.findByText('Dan')).toBeInTheDocument();
    await user.click(within(filter).getByRole('button', { name: 'Unread' }));
    expect(await screen.findByText('No unread messages.')).toBeInTheDocument();
  });

  it("loads 50 at a time with 'Load More'", async () => {
    signIn();
    const all = Array.from({ length: MESSAGES_PAGE + 5 }, (_, index) => makeMessage({ id: 100 - index, name: `Sender ${100 - index}` }));
    const state = messagesServer(all);
    const { user } = renderApp('/admin/messages');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(MESSAGES_PAGE + 1);
    expect(screen.getByText(`${MESSAGES_PAGE + 5} messages (${MESSAGES_PAGE} shown, newest first).`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(MESSAGES_PAGE + 6));
    expect(state.asked.map((query) => query.start)).toEqual(['0', String(MESSAGES_PAGE)]);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(screen.getByText('Sender 46')).toBeInTheDocument();
  });

  it('cuts the first line of a long message', () => {
    expect(excerpt('  Hello\nworld ')).toBe('Hello');
    expect(excerpt('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(excerpt('')).toBe('');
  });
});
