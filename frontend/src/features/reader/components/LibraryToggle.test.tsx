import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BookDetail, BookResult, LibraryChange } from '../api/types';
import { makeBookDetail, makeVisitorBook } from '@/testing/catalogue-data';
import { makeUser } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function serveBook(book: BookDetail) {
  server.use(http.get('/api/books/{id}', () => ok<BookResult>({ book, user: book.notLoggedIn ? null : makeUser({ id: 1, isPaid: true }) })));
}

function recordLibraryCalls() {
  const calls: string[] = [];
  server.use(
    http.post('/api/library', async ({ request }) => {
      const body = await request.json();
      calls.push(`add ${JSON.stringify(body)}`);
      return ok<LibraryChange>({ bookId: Number(body.bookId), isInLibrary: true });
    }),
    http.delete('/api/library/{id}', ({ params }) => {
      calls.push(`remove ${String(params.id)}`);
      return ok<LibraryChange>({ bookId: Number(params.id), isInLibrary: false });
    }),
  );
  return calls;
}

async function open(book: BookDetail) {
  serveBook(book);
  const utils = renderApp(`/books/${book.subid}`);
  await screen.findByRole('heading', { level: 1, name: book.title });
  return utils;
}

describe('library toggle', () => {
  it('asks visitors to log in and sends nothing', async () => {
    const calls = recordLibraryCalls();
    const { user } = await open(makeVisitorBook({ subid: 'walden', title: 'Walden' }));
    const toggle = screen.getByRole('button', { name: 'Add to library' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please login to access this feature');
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fbooks%2Fwalden');
    expect(calls).toEqual([]);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('toggles the book in and out of the library', async () => {
    signIn();
    const calls = recordLibraryCalls();
    const { user } = await open(makeBookDetail({ id: 31, subid: 'walden', title: 'Walden', isInLibrary: false }));
    await user.click(screen.getByRole('button', { name: 'Add to library' }));
    const remove = await screen.findByRole('button', { name: 'Remove from library' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toEqual(['add {"bookId":31}']);

    await user.click(remove);
    const add = await screen.findByRole('button', { name: 'Add to library' });
    expect(add).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual(['add {"bookId":31}', 'remove 31']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts pressed for a book already in the library', async () => {
    signIn();
    await open(makeBookDetail({ subid: 'walden', title: 'Walden', isInLibrary: true }));
    expect(screen.getByRole('button', { name: 'Remove from library' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows an error state when the server fails, and keeps the state', async () => {
    signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('/api/library', () => fail(500, 'Internal error', 'internal')));
    const { user } = await open(makeBookDetail({ subid: 'walden', title: 'Walden', isInLibrary: false }));
    await user.click(screen.getByRole('button', { name: 'Add to library' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your library could not be updated. Please try again.');
    expect(screen.getByRole('button', { name: 'Add to library' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    logged.mockRestore();
  });
});
