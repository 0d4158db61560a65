import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminInsightRequest, AdminInsightView } from '../api/types';
import { adminAccess } from '@/testing/admin-data';
import { makeAdminInsight, makeInsightRow } from '@/testing/content-data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { toDateTime } from '../format';

const UNKNOWN_BOOK = 'Please enter the id or address name of a book.';

function insightServer(first: AdminInsightView = makeAdminInsight({ id: 8, title: 'Walden', insight: 'Simplify, simplify.', bookId: '5' })) {
  let stored = first;
  const state = { added: [] as AdminInsightRequest[], updated: [] as AdminInsightRequest[] };
  server.use(
    ...adminAccess(),
    // The result is the list itself.
    http.get('/api/admin/insight', () => ok([makeInsightRow({ id: stored.id, title: stored.title, createDate: stored.createDate })])),
    http.get('/api/admin/insight/{id}', () => ok({ insight: stored })),
    http.post('/api/admin/insight', async ({ request }) => {
      const body = await request.json();
      state.added.push(body);
      if (body.bookId === 'no-such-book') return fail(400, UNKNOWN_BOOK, 'unknown_book');
      return ok({ insight: makeAdminInsight({ id: 15, insight: body.insight ?? '', bookId: '5', title: 'Walden' }) });
    }),
    http.put('/api/admin/insight', async ({ request }) => {
      const body = await request.json();
      state.updated.push(body);
      stored = { ...stored, insight: body.insight ?? '', bookId: body.bookId ?? '' };
      return ok({ insight: stored });
    }),
  );
  return state;
}

describe('/admin/insights', () => {
  it('shows Id, Title, Date Added in local time and Edit, with an Add Insight link', async () => {
    signIn();
    const insight = makeAdminInsight({ id: 8, createDate: Date.UTC(2025, 2, 4, 23, 45) });
    insightServer(insight);
    renderApp('/admin/insights');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Id', 'Title', 'Date Added', 'Edit']);
    const row = within(table).getByRole('row', { name: /Walden/ });
    const local = new Date(insight.createDate);
    expect(toDateTime(insight.createDate)).toContain(
      `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`,
    );
    expect(within(row).getByText(toDateTime(insight.createDate))).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^Edit insight #8/ })).toHaveAttribute('href', '/admin/insight-edit/8');
    expect(screen.getByRole('link', { name: 'Add Insight' })).toHaveAttribute('href', '/admin/insight-add');
  });
});

describe('/admin/insight-add', () => {
  it("needs a quote and a book, shows the server's refusal of an unknown book, then 'Insight was added.'", async () => {
    signIn();
    const state = insightServer();
    const { user } = renderApp('/admin/insight-add');
    const add = await screen.findByRole('button', { name: 'Add insight' });
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Quote.');
    await user.type(screen.getByRole('textbox', { name: 'Quote' }), 'Our life is frittered away by detail.');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Book.');
    expect(state.added).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Book' }), 'no-such-book');
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNKNOWN_BOOK);
    await user.clear(screen.getByRole('textbox', { name: 'Book' }));
    await user.type(screen.getByRole('textbox', { name: 'Book' }), ' walden ');
    await user.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('Insight was added.');
    expect(state.added[1]).toEqual({ insight: 'Our life is frittered away by detail.', bookId: 'walden' });
    expect(screen.getByRole('link', { name: 'Edit the insight' })).toHaveAttribute('href', '/admin/insight-edit/15');
  });
});

describe('/admin/insight-edit/{id}', () => {
  it('edits the quote and sends the id with it', async () => {
    signIn();
    const state = insightServer();
    const { user } = renderApp('/admin/insight-edit/8');
    const quote = await screen.findByRole('textbox', { name: 'Quote' });
    expect(quote).toHaveValue('Simplify, simplify.');
    expect(screen.getByRole('textbox', { name: 'Book' })).toHaveValue('5');
    await user.clear(quote);
    await user.type(quote, 'Simplify.');
    await user.click(screen.getByRole('button', { name: 'Save insight' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Insight was updated.');
    expect(state.updated[0]).toEqual({ id: 8, insight: 'Simplify.', bookId: '5' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quote' })).toHaveValue('Simplify.'));
  });
});
