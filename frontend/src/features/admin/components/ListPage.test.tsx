import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { renderWithRouter } from '@/testing/render';
import { FORBIDDEN_TEXT, MFA_SESSION_TEXT, MFA_TEXT } from './AccessPages';
import { ListPage, type ListPageProps, type ListQuery } from './ListPage';

interface Book {
  id: number;
  title: string;
}

interface Answer {
  books: Book[];
  total: number;
}

const idle: ListQuery<Answer> = { data: undefined, isPending: false, isError: false, error: null };
const pending: ListQuery<Answer> = { ...idle, isPending: true };
const failed = (error: unknown): ListQuery<Answer> => ({ ...idle, isError: true, error });
const loaded = (books: Book[], more: Partial<ListQuery<Answer>> = {}): ListQuery<Answer> => ({ ...idle, data: { books, total: 40 }, ...more });

const BOOKS = [
  { id: 1, title: 'Walden' },
  { id: 2, title: 'Emma' },
];

function renderList(query: ListQuery<Answer>, props: Partial<ListPageProps<Answer, Book>> = {}) {
  return renderWithRouter(
    <ListPage<Answer, Book>
      title="Books"
      lead="Every book."
      query={query}
      rows={(data) => data.books}
      loading="Loading books…"
      empty="No books yet."
      count={(rows, data) => `${rows.length} of ${data.total} books.`}
      label="Books"
      tableClass="admin-books"
      columns={[
        <th key="id" scope="col" aria-sort="ascending">
          ID
        </th>,
        'Title',
      ]}
      row={(book) => (
        <tr key={book.id}>
          <td>{book.id}</td>
          <td>{book.title}</td>
        </tr>
      )}
      {...props}
    >
      <p>Notice above the list</p>
    </ListPage>,
  );
}

describe('ListPage', () => {
  it('shows the header, what stands above the list, and a spinner while the list loads', async () => {
    renderList(pending);
    expect(await screen.findByRole('heading', { level: 1, name: 'Books' })).toBeInTheDocument();
    expect(screen.getByText('Every book.')).toHaveClass('page__lead');
    expect(screen.getByText('Notice above the list')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading books…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No books yet.')).not.toBeInTheDocument();
  });

  it.each([
    ['forbidden', FORBIDDEN_TEXT],
    ['mfa_required', MFA_TEXT],
    ['mfa_session_required', MFA_SESSION_TEXT],
  ])('shows the access page when the server refuses (%s)', async (code, text) => {
    renderList(failed(new ApiError('Refused.', { status: 403, code })), { errorText: 'Error loading books.' });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Error loading books.')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows another failure's own message in a warning, or the page's text for it", async () => {
    const { unmount } = renderList(failed(new ApiError('The server is busy.', { status: 503 })));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unmount();

    renderList(failed(new ApiError('The server is busy.', { status: 503 })), { errorText: 'Error loading books.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading books.');
    expect(screen.queryByText('The server is busy.')).not.toBeInTheDocument();
  });

  it('says so when the list is empty, without a count or a table', async () => {
    renderList(loaded([]));
    expect(await screen.findByText('No books yet.')).toHaveClass('admin-empty');
    expect(screen.queryByText(/books\.$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('with a live count, counts an empty list too; with no empty text, shows only the count', async () => {
    const { unmount } = renderList(loaded([]), { liveCount: true });
    expect(await screen.findByText('0 of 40 books.')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('No books yet.')).toBeInTheDocument();
    unmount();

    renderList(loaded([]), { liveCount: true, empty: undefined });
    expect(await screen.findByText('0 of 40 books.')).toHaveClass('admin-count');
    expect(document.querySelector('.admin-empty')).toBeNull();
  });

  it('shows the count and the rows in a scrolling table region', async () => {
    renderList(loaded(BOOKS));
    const count = await screen.findByText('2 of 40 books.');
    expect(count).toHaveClass('admin-count');
    expect(count).not.toHaveAttribute('aria-live');
    const region = screen.getByRole('region', { name: 'Books' });
    expect(region).toHaveClass('admin-table-wrap');
    const table = within(region).getByRole('table');
    expect(table).toHaveClass('admin-table', 'admin-books');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => [th.textContent, th.getAttribute('scope'), th.getAttribute('aria-sort')]),
    ).toEqual([
      ['ID', 'col', 'ascending'],
      ['Title', 'col', null],
    ]);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1Walden', '2Emma']);
    expect(screen.queryByText('No books yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the rows in the order the page gives them, with the table of no extra class', async () => {
    renderList(loaded(BOOKS), { rows: (data) => [...data.books].reverse(), tableClass: undefined, count: undefined });
    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('class', 'admin-table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['2Emma', '1Walden']);
    expect(document.querySelector('.admin-count')).toBeNull();
  });

  it('offers the next page while there is one, and says it loads while it does', async () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    const { user, unmount } = renderList(loaded(BOOKS, { hasNextPage: true, isFetchingNextPage: false, fetchNextPage }), { more: 'Load More' });
    await user.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Load More' }).closest('.admin-more')).not.toBeNull();
    unmount();

    const next = renderList(loaded(BOOKS, { hasNextPage: true, isFetchingNextPage: true, fetchNextPage }), { more: 'Load More' });
    expect(await screen.findByRole('button', { name: 'Loading…' })).toBeDisabled();
    next.unmount();

    renderList(loaded(BOOKS, { hasNextPage: false, fetchNextPage }), { more: 'Load More' });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });
});
