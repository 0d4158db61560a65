import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@/lib/api/types';
import { makeBook } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { currentUrl, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

function recordSearch(answer: (q: string, page: number) => Response) {
  const calls: { q: string | null; page: string | null }[] = [];
  server.use(
    http.get('/api/search', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push({ q: params.get('q'), page: params.get('page') });
      return answer(params.get('q') ?? '', Number(params.get('page') ?? '1'));
    }),
  );
  return calls;
}

const main = () => screen.getByRole('main');

describe('search page', () => {
  it('shows the results as book cards with the total, and pages', async () => {
    const calls = recordSearch((q, page) =>
      ok<SearchResult>({
        query: q,
        books: [makeBook({ subid: `meditations-${page}`, title: page === 1 ? 'Meditations' : 'Letters from a Stoic' })],
        total: 25,
        page,
        pageSize: 20,
      }),
    );
    const { user, router } = renderApp('/search?q=meditatons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(await screen.findByText('25 books match “meditatons”.')).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: 'Meditations' })).toHaveAttribute('href', '/books/meditations-1');
    expect(within(main()).getByRole('searchbox', { name: 'Search books' })).toHaveValue('meditatons');
    expect(calls).toEqual([{ q: 'meditatons', page: '1' }]);

    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next page →' }));
    expect(await screen.findByRole('link', { name: 'Letters from a Stoic' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/search?q=meditatons&page=2');
    expect(calls[calls.length - 1]).toEqual({ q: 'meditatons', page: '2' });
  });

  it('searches again from the page form', async () => {
    const calls = recordSearch((q) => ok<SearchResult>({ query: q, books: [makeBook({ title: 'Walden' })], total: 1, page: 1, pageSize: 20 }));
    const { user, router } = renderApp('/search');
    expect(await screen.findByText('Find a summary by its title, its author or a topic.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const box = within(main()).getByRole('searchbox', { name: 'Search books' });
    await user.type(box, 'walden pond');
    await user.click(within(main()).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/search?q=walden+pond'));
    expect(await screen.findByText('1 book matches “walden pond”.')).toBeInTheDocument();
    expect(calls).toEqual([{ q: 'walden pond', page: '1' }]);
  });

  it('says when nothing matches and suggests browsing', async () => {
    recordSearch((q) => ok<SearchResult>({ query: q, books: [], total: 0, page: 1, pageSize: 20 }));
    renderApp('/search?q=zzzz');
    expect(await screen.findByText('No books match “zzzz”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'browse all book summaries' })).toHaveAttribute('href', '/books');
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('shows the server error inline for an empty or symbol-only query, keeping the form', async () => {
    recordSearch(() => fail(400, 'Please type a word to search for.', 'validation'));
    renderApp('/search?q=%25%24');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please type a word to search for.');
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(within(main()).getByRole('searchbox', { name: 'Search books' })).toHaveValue('%$');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it('shows the too-long message from the server', async () => {
    recordSearch(() => fail(400, 'Please shorten your search to 200 characters.', 'validation'));
    renderApp(`/search?q=${'a'.repeat(201)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please shorten your search to 200 characters.');
  });
});

describe('header search', () => {
  it('goes to /search?q= from the header search box', async () => {
    const calls = recordSearch((q) => ok<SearchResult>({ query: q, books: [makeBook({ title: 'Meditations' })], total: 1, page: 1, pageSize: 20 }));
    const { user, router } = renderApp('/');
    const header = await screen.findByRole('banner');
    const box = within(header).getByRole('searchbox', { name: 'Search books' });
    await user.type(box, 'stoic calm{Enter}');
    await waitFor(() => expect(currentUrl(router)).toBe('/search?q=stoic+calm'));
    expect(await screen.findByText('1 book matches “stoic calm”.')).toBeInTheDocument();
    expect(calls).toEqual([{ q: 'stoic calm', page: '1' }]);
  });

  it('works from the mobile menu too', async () => {
    recordSearch((q) => ok<SearchResult>({ query: q, books: [], total: 0, page: 1, pageSize: 20 }));
    const { user, router } = renderApp('/books');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    const box = within(menu).getByRole('searchbox', { name: 'Search books' });
    await user.type(box, 'walden');
    await user.click(within(menu).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/search?q=walden'));
    expect(await screen.findByText('No books match “walden”.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
