import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CategoriesResult, SearchResult } from '@/lib/api/types';
import type { BookPage } from '../api/types';
import { CATEGORIES, bookPage, makeBook } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** A promise the test releases: answers wait for it, so the loading state can be looked at. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const books = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => makeBook({ title: `${prefix} ${index + 1}` }));

/** The placeholder cards inside the status that announces `label`. */
function skeletonCards(label: string): Element[] {
  const status = screen.getByText(label).closest('[role="status"]');
  expect(status).not.toBeNull();
  return [...status!.querySelectorAll('.book-card--skeleton')];
}

describe('/books while its lists load', () => {
  it('holds each list’s place with cards of the real size, then loads only the first row at once', async () => {
    const answers = gate();
    server.use(
      http.get('/api/catalogue/books', async ({ request }) => {
        await answers.opened;
        const sort = new URL(request.url).searchParams.get('sort');
        return ok<BookPage>(bookPage(books(sort === 'new' ? 'Latest' : 'Popular', 10)));
      }),
    );
    renderApp('/books');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Summaries' })).toBeInTheDocument();
    // A full preview's worth (10) of placeholder cards per list, and pills for the categories.
    expect(await screen.findByText('Loading latest books…')).toBeInTheDocument();
    expect(skeletonCards('Loading latest books…')).toHaveLength(10);
    expect(skeletonCards('Loading popular books…')).toHaveLength(10);
    expect(screen.queryByRole('list', { name: 'Latest' })).not.toBeInTheDocument();

    answers.open();
    const latest = await screen.findByRole('list', { name: 'Latest' });
    expect(screen.queryByText('Loading latest books…')).not.toBeInTheDocument();
    // The first list's first row (6 covers) loads at once; below it, and in later lists, lazily.
    const loading = within(latest)
      .getAllByRole('img')
      .map((img) => img.getAttribute('loading'));
    expect(loading).toEqual([...Array<string>(6).fill('eager'), ...Array<string>(4).fill('lazy')]);
    const popular = await screen.findByRole('list', { name: 'Popular' });
    expect(
      within(popular)
        .getAllByRole('img')
        .every((img) => img.getAttribute('loading') === 'lazy'),
    ).toBe(true);
  });

  it('shows category pills while the categories load', async () => {
    const answers = gate();
    server.use(
      http.get('/api/categories', async () => {
        await answers.opened;
        return ok<CategoriesResult>({ categories: CATEGORIES });
      }),
    );
    renderApp('/books');
    const status = (await screen.findByText('Loading categories…')).closest('[role="status"]');
    // Pills of the real ones' height (the category-pill class), a dozen like the catalogue's.
    expect(status?.querySelectorAll('.category-pill.category-pill--skeleton')).toHaveLength(12);
    expect(within(status as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    answers.open();
    expect(await screen.findByRole('link', { name: CATEGORIES[0].name })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading categories…')).not.toBeInTheDocument());
  });
});

describe('a book list while its page loads', () => {
  it('shows a full page of placeholder cards under a count line', async () => {
    const answers = gate();
    server.use(
      http.get('/api/catalogue/books', async () => {
        await answers.opened;
        return ok<BookPage>(bookPage(books('Book', 3)));
      }),
    );
    renderApp('/booklist/new/all');
    expect(await screen.findByText('Loading books…')).toBeInTheDocument();
    expect(skeletonCards('Loading books…')).toHaveLength(20);
    expect(document.querySelector('.paged-books__count .skeleton-text')).not.toBeNull();
    answers.open();
    expect(await screen.findByText('3 books')).toBeInTheDocument();
    expect(screen.queryByText('Loading books…')).not.toBeInTheDocument();
  });
});

describe('search results while they load', () => {
  it('shows a page of placeholder cards, then the results', async () => {
    const answers = gate();
    server.use(
      http.get('/api/search', async () => {
        await answers.opened;
        return ok<SearchResult>({ query: 'stoic', books: books('Stoic', 2), total: 2, page: 1, pageSize: 20 });
      }),
    );
    renderApp('/search?q=stoic');
    expect(await screen.findByText('Searching…')).toBeInTheDocument();
    expect(skeletonCards('Searching…')).toHaveLength(20);
    answers.open();
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByTestId('book-card')).toHaveLength(2);
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });
});
