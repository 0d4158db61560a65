import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminBookRow } from '../api/types';
import { adminAccess, makeAdminBook, makeBookRow } from '@/testing/admin-data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { deleteQuestion } from './BooksList';

const WALDEN = makeBookRow({ id: 5, title: 'Walden', author: 'Henry David Thoreau', uploadDate: Date.UTC(2025, 2, 1) });
const ART = makeBookRow({ id: 2, title: 'The Art of War', author: 'Sun Tzu', uploadDate: Date.UTC(2025, 0, 1), preview: true });
const GONE = makeBookRow({ id: 9, title: 'Zen', author: 'Alan Watts', deleted: true });

/** Sorts as the server does: upload date newest first, id or title ascending. */
function booksServer(rows: AdminBookRow[]) {
  const state = { sorts: [] as (string | null)[], calls: [] as string[] };
  let books = rows;
  const sorted = (sort: string | null) => {
    const copy = [...books];
    if (sort === 'id') return copy.sort((a, b) => a.id - b.id);
    if (sort === 'title') return copy.sort((a, b) => a.title.localeCompare(b.title));
    return copy.sort((a, b) => b.uploadDate - a.uploadDate);
  };
  server.use(
    ...adminAccess(),
    http.get('/api/admin/books/', ({ request }) => {
      const sort = new URL(request.url).searchParams.get('sort');
      state.sorts.push(sort);
      return ok({ books: sorted(sort) });
    }),
    http.delete('/api/admin/books/{bookId}', ({ params }) => {
      state.calls.push(`delete ${String(params.bookId)}`);
      books = books.map((b) => (b.id === Number(params.bookId) ? { ...b, deleted: true, preview: false } : b));
      return ok({ book: makeAdminBook({ id: Number(params.bookId), deleted: true }) });
    }),
    http.post('/api/admin/books/{bookId}/restore', ({ params }) => {
      state.calls.push(`restore ${String(params.bookId)}`);
      books = books.map((b) => (b.id === Number(params.bookId) ? { ...b, deleted: false } : b));
      return ok({ book: makeAdminBook({ id: Number(params.bookId) }) });
    }),
    http.post('/api/admin/books/{bookId}/preview', ({ params }) => {
      state.calls.push(`preview ${String(params.bookId)}`);
      books = books.map((b) => ({ ...b, preview: b.id === Number(params.bookId) }));
      return ok({});
    }),
  );
  return state;
}

const titles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].querySelector('span')?.textContent);

describe('/admin/books-list', () => {
  it("lists books as 'title by author' by upload date, with every action link", async () => {
    signIn();
    const state = booksServer([ART, WALDEN]);
    renderApp('/admin/books-list');
    await screen.findByRole('table');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID↕', 'Title↕', 'Actions']);
    expect(titles()).toEqual(['Walden by Henry David Thoreau', 'The Art of War by Sun Tzu']);
    expect(state.sorts).toEqual(['uploadDate']);
    expect(screen.getByRole('link', { name: 'Add book' })).toHaveAttribute('href', '/admin/book-add');
    const actions = screen.getByRole('list', { name: 'Actions for Walden' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/admin/book-edit/5',
      '/admin/book-photo/5',
      '/admin/book-media/5',
      '/admin/book-podcast/5',
      '/admin/book-video/5',
      '/admin/book-infographic/5',
      '/admin/book-vector/5',
    ]);
  });

  it('sorts by ID or Title when their headers are clicked', async () => {
    signIn();
    const state = booksServer([ART, WALDEN, GONE]);
    const { user, router } = renderApp('/admin/books-list');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(titles()).toEqual(['The Art of War by Sun Tzu', 'Walden by Henry David Thoreau', 'Zen by Alan Watts']));
    expect(screen.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(currentUrl(router)).toBe('/admin/books-list?sort=id');
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(state.sorts).toContain('title'));
    expect(screen.getByRole('columnheader', { name: /^Title/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /^ID/ })).not.toHaveAttribute('aria-sort');
  });

  it("says 'No books found.' when there are none", async () => {
    signIn();
    booksServer([]);
    renderApp('/admin/books-list');
    expect(await screen.findByText('No books found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("marks this month's preview and makes another book the preview", async () => {
    signIn();
    const state = booksServer([ART, WALDEN]);
    const { user } = renderApp('/admin/books-list');
    await screen.findByRole('table');
    const artRow = screen.getByRole('row', { name: /The Art of War/ });
    expect(within(artRow).getByText("This month's preview")).toBeInTheDocument();
    expect(within(artRow).queryByRole('button', { name: /Make this month's preview/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Make this month's preview: Walden" }));
    expect(await screen.findByRole('status')).toHaveTextContent("“Walden” is this month's preview for free members.");
    expect(state.calls).toEqual(['preview 5']);
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Walden/ })).getByText("This month's preview")).toBeInTheDocument());
    expect(within(screen.getByRole('row', { name: /The Art of War/ })).queryByText("This month's preview")).not.toBeInTheDocument();
  });

  it('deletes a book (softly) and restores it', async () => {
    signIn();
    const state = booksServer([WALDEN, GONE]);
    const { user } = renderApp('/admin/books-list');
    await screen.findByRole('table');
    expect(within(screen.getByRole('row', { name: /Zen/ })).getByText('Deleted')).toBeInTheDocument();
    // Asked first: a "no" deletes nothing.
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Delete Walden' }));
    expect(confirm).toHaveBeenLastCalledWith(deleteQuestion('Walden'));
    expect(state.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Walden' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Restore Walden' })).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('“Walden” was deleted; members no longer see it.');
    await user.click(screen.getByRole('button', { name: 'Restore Zen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Zen' })).toBeInTheDocument());
    expect(state.calls).toEqual(['delete 5', 'restore 9']);
  });

  it("shows the server's refusal of an action in a warning banner", async () => {
    signIn();
    booksServer([WALDEN]);
    server.use(http.post('/api/admin/books/{bookId}/preview', () => fail(409, 'A deleted book cannot be the preview.', 'conflict')));
    const { user } = renderApp('/admin/books-list');
    await user.click(await screen.findByRole('button', { name: "Make this month's preview: Walden" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A deleted book cannot be the preview.');
  });

  it("says 'Unexpected response format.' for an answer without books", async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/api/admin/books/', () => ok({} as { books: AdminBookRow[] })),
    );
    renderApp('/admin/books-list');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response format.');
  });
});
