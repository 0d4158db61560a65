import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookCard } from '@/lib/api/types';
import { makeBook } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { libraryPage } from '@/testing/progress-data';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function serveLibrary(all: BookCard[]) {
  const pages: number[] = [];
  server.use(
    http.get('/api/library', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      pages.push(page);
      return ok(libraryPage(all, page));
    }),
  );
  return pages;
}

const books = (n: number) => Array.from({ length: n }, (_, i) => makeBook({ id: 500 + i, title: `Saved book ${i + 1}` }));

describe('/library', () => {
  it('sends a signed-out visitor to sign up and back', async () => {
    const { router } = renderApp('/library');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup?redirect=%2Flibrary'));
  });

  it('says when the library is empty and links to the books', async () => {
    signIn();
    serveLibrary([]);
    renderApp('/library');
    expect(await screen.findByText('Your library is empty.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Library' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse book summaries' })).toHaveAttribute('href', '/books');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the saved books as a grid of cards linking to the reader', async () => {
    signIn();
    const pages = serveLibrary([makeBook({ id: 1, subid: 'meditations', title: 'Meditations' }), makeBook({ id: 2, subid: 'walden', title: 'Walden' })]);
    renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Your Library' });
    expect(within(list).getAllByTestId('book-card')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Meditations' })).toHaveAttribute('href', '/books/meditations');
    expect(within(list).getByRole('heading', { level: 2, name: 'Walden' })).toBeInTheDocument();
    expect(screen.getByText('2 books')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(pages).toEqual([1]);
  });

  it('loads 20 at a time with "Load more", moving focus to the first new book', async () => {
    signIn();
    const pages = serveLibrary(books(45));
    const { user } = renderApp('/library');
    const list = await screen.findByRole('list', { name: 'Your Library' });
    expect(within(list).getAllByTestId('book-card')).toHaveLength(20);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 20 of 45 books');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByTestId('book-card')).toHaveLength(40));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 40 of 45 books');
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Saved book 21' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByTestId('book-card')).toHaveLength(45));
    expect(screen.getByRole('status')).toHaveTextContent('45 books');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Saved book 41' })).toHaveFocus());
    expect(pages).toEqual([1, 2, 3]);
  });

  it('shows the server error', async () => {
    signIn();
    server.use(http.get('/api/library', () => fail(400, 'Please ask for page 1 or later.', 'bad_page')));
    renderApp('/library');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please ask for page 1 or later.');
  });
});
