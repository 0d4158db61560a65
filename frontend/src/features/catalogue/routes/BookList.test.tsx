import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookPage, CollectionsResult } from '../api/types';
import { BOOKS, bookPage, makeBook, makeCollection } from '@/testing/data';
import { http, ok } from '@/testing/handlers';
import { currentUrl, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** Records the query strings of GET /api/catalogue/books; answers with `pages` pages of the seed books. */
function recordCatalogue(pages = 1) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('/api/catalogue/books', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      const page = Number(params.get('page') ?? '1');
      const books = params.get('audio') === 'true' ? BOOKS.filter((b) => b.hasMedia) : BOOKS.map((b) => ({ ...b, id: b.id + page * 100 }));
      return ok<BookPage>(bookPage(books, { page, pages, total: pages * 20 }));
    }),
  );
  return calls;
}

const last = (calls: URLSearchParams[]) => Object.fromEntries(calls[calls.length - 1].entries());

describe('book lists', () => {
  it('loads /booklist/new/all with the sort, page and page size', async () => {
    const calls = recordCatalogue();
    renderApp('/booklist/new/all');
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Latest' });
    expect(within(list).getByRole('link', { name: 'Meditations' })).toHaveAttribute('href', '/books/meditations');
    expect(last(calls)).toEqual({ sort: 'new', page: '1', pageSize: '20' });
    expect(screen.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Popular' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('switches between Latest and Popular and keeps the query string', async () => {
    const calls = recordCatalogue();
    const { user, router } = renderApp('/booklist/new/all?audio=true&author=marcus-aurelius');
    await screen.findByRole('list', { name: 'Latest' });
    await user.click(screen.getByRole('button', { name: 'Popular' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/booklist/trending/all?audio=true&author=marcus-aurelius'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Popular' })).toBeInTheDocument();
    await waitFor(() => expect(last(calls)).toEqual({ sort: 'trending', author: 'marcus-aurelius', audio: 'true', page: '1', pageSize: '20' }));
    await user.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/booklist/new/all?audio=true&author=marcus-aurelius'));
  });

  it('filters with the Audio only and Video only checkboxes', async () => {
    const calls = recordCatalogue();
    const { user, router } = renderApp('/booklist/trending/all');
    await screen.findByRole('list', { name: 'Popular' });
    const audio = screen.getByRole('checkbox', { name: 'Audio only' });
    const video = screen.getByRole('checkbox', { name: 'Video only' });
    expect(audio).not.toBeChecked();

    await user.click(audio);
    await waitFor(() => expect(currentUrl(router)).toBe('/booklist/trending/all?audio=true'));
    expect(audio).toBeChecked();
    await waitFor(() => expect(last(calls)).toMatchObject({ sort: 'trending', audio: 'true' }));
    await waitFor(() => expect(screen.getAllByTestId('book-card')).toHaveLength(1));
    expect(within(screen.getByTestId('book-card')).getByText('Audio')).toBeInTheDocument();

    await user.click(video);
    await waitFor(() => expect(currentUrl(router)).toBe('/booklist/trending/all?audio=true&video=true'));
    await waitFor(() => expect(last(calls)).toMatchObject({ audio: 'true', video: 'true' }));

    await user.click(audio);
    await waitFor(() => expect(currentUrl(router)).toBe('/booklist/trending/all?video=true'));
    await waitFor(() => expect(last(calls)).toEqual({ sort: 'trending', video: 'true', page: '1', pageSize: '20' }));
  });

  it('sends the category, collection and author filters; a tag other than all is the category', async () => {
    const calls = recordCatalogue();
    server.use(
      http.get('/api/collections', () => ok<CollectionsResult>({ collections: [makeCollection({ slug: 'stoic-classics', title: 'Stoic Classics' })] })),
    );
    renderApp('/booklist/new/philosophy?collection=stoic-classics&author=seneca');
    expect(await screen.findByRole('link', { name: '← Back to collections' })).toHaveAttribute('href', '/collections');
    await waitFor(() =>
      expect(last(calls)).toEqual({ sort: 'new', category: 'philosophy', collection: 'stoic-classics', author: 'seneca', page: '1', pageSize: '20' }),
    );
    // Names come from the category and collection lists when they are known.
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest in Philosophy' })).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Filters' });
    expect(await within(chips).findByText('Collection: Stoic Classics')).toBeInTheDocument();
    expect(within(chips).getByText('Category: Philosophy')).toBeInTheDocument();
    expect(within(chips).getByText('Author: seneca')).toBeInTheDocument();
    // Removing the category (from the tag) goes back to the "all" list, keeping the other filters.
    expect(within(chips).getByRole('link', { name: 'Remove filter Category: Philosophy' })).toHaveAttribute(
      'href',
      '/booklist/new/all?collection=stoic-classics&author=seneca',
    );
  });

  it('pages with Next and Previous and shows "Page n of N"', async () => {
    const calls = recordCatalogue(3);
    const { user, router } = renderApp('/booklist/new/all?audio=false');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('← Previous page')).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('link', { name: 'Next page →' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/booklist/new/all?audio=false&page=2');
    await waitFor(() => expect(last(calls)).toMatchObject({ sort: 'new', page: '2', pageSize: '20' }));

    await user.click(screen.getByRole('link', { name: 'Next page →' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Next page →')).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('link', { name: '← Previous page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/booklist/new/all?audio=false&page=2');
    expect(calls.map((c) => c.get('page'))).toEqual(['1', '2', '3']);
  });

  it('resets to the first page when a filter changes', async () => {
    const calls = recordCatalogue(3);
    const { user, router } = renderApp('/booklist/new/all?page=3');
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Video only' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/booklist/new/all?video=true'));
    await waitFor(() => expect(last(calls)).toMatchObject({ video: 'true', page: '1' }));
  });

  it('answers an unknown sort with a not-found message and no request', async () => {
    const calls = recordCatalogue();
    renderApp('/booklist/cheapest/all');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book list not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all book summaries' })).toHaveAttribute('href', '/books');
    expect(calls).toHaveLength(0);
  });

  it('shows the server error', async () => {
    server.use(http.get('/api/catalogue/books', () => new Response(JSON.stringify({ status: 'error', error: 'Unknown sort.' }), { status: 400 })));
    renderApp('/booklist/ab/all');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown sort.');
  });

  it('shows an empty list message', async () => {
    server.use(http.get('/api/catalogue/books', () => ok<BookPage>(bookPage([]))));
    renderApp('/booklist/video/all');
    expect(await screen.findByText('No books match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Video Summaries' })).toBeInTheDocument();
  });

  it('/books?sort=newest shows the latest books', async () => {
    const calls = recordCatalogue();
    renderApp('/books/?sort=newest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest' })).toBeInTheDocument();
    await waitFor(() => expect(last(calls)).toEqual({ sort: 'new', page: '1', pageSize: '20' }));
    expect(await screen.findAllByTestId('book-card')).toHaveLength(3);
  });

  it('/books shows categories, Latest, Popular and collections', async () => {
    const calls = recordCatalogue();
    renderApp('/books');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Summaries' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Philosophy' })).toHaveAttribute('href', '/category/philosophy');
    expect(screen.getByRole('link', { name: 'See all latest books' })).toHaveAttribute('href', '/booklist/new/all');
    expect(screen.getByRole('link', { name: 'See all popular books' })).toHaveAttribute('href', '/booklist/trending/all');
    expect(await screen.findByRole('link', { name: 'Collection 1' })).toHaveAttribute('href', '/collections/collection-1');
    await screen.findByRole('list', { name: 'Latest' });
    await screen.findByRole('list', { name: 'Popular' });
    expect(calls.map((c) => c.get('sort')).sort()).toEqual(['new', 'trending']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('/books?category= shows that category', async () => {
    const calls = recordCatalogue();
    server.use(
      http.get('/api/catalogue/books', ({ request }) => {
        calls.push(new URL(request.url).searchParams);
        return ok<BookPage>(bookPage([makeBook({ title: 'Walden' })]));
      }),
    );
    renderApp('/books/?category=philosophy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Philosophy' })).toBeInTheDocument();
    expect(screen.getByText('The big questions about how to live.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Walden' })).toBeInTheDocument();
    expect(last(calls)).toMatchObject({ sort: 'new', category: 'philosophy' });
  });
});
