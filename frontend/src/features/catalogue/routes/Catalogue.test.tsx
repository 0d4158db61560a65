import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthorResult, AuthorsResult, BookPage, CollectionResult, InfographicsResult } from '../api/types';
import { BOOKS, bookPage, makeAuthor, makeBook, makeCollection } from '@/testing/data';
import { fail, http, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { excerpt, groupAuthors, indexLetter } from './Authors';

describe('category page', () => {
  it('shows the name, description and the books of /category/{subid}, paged', async () => {
    const calls: URLSearchParams[] = [];
    server.use(
      http.get('/api/catalogue/books', ({ request }) => {
        const params = new URL(request.url).searchParams;
        calls.push(params);
        return ok<BookPage>(bookPage([makeBook({ title: 'Self-Reliance' })], { total: 21, pages: 2, page: Number(params.get('page')) }));
      }),
    );
    const { user } = renderApp('/category/self-improvement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Self-Improvement' })).toBeInTheDocument();
    expect(screen.getByText('Practical wisdom for better habits.')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Book Summaries' })).toHaveAttribute('href', '/books');
    expect(await screen.findByRole('link', { name: 'Self-Reliance' })).toBeInTheDocument();
    expect(screen.getByText('21 books')).toBeInTheDocument();
    expect(Object.fromEntries(calls[0])).toEqual({ sort: 'new', category: 'self-improvement', page: '1', pageSize: '20' });
    await user.click(screen.getByRole('link', { name: 'Next page →' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls[calls.length - 1].get('page')).toBe('2');
  });

  it('says so when the category does not exist', async () => {
    renderApp('/category/astrology');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
  });
});

describe('collections', () => {
  it('lists the collections with links to each', async () => {
    renderApp('/collections');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Collection 1' })).toHaveAttribute('href', '/collections/collection-1');
    expect(screen.getByRole('link', { name: 'Collection 2' })).toHaveAttribute('href', '/collections/collection-2');
    expect(screen.getAllByText('2 books')).toHaveLength(2);
  });

  it('shows a collection with its books and a Back to collections link', async () => {
    server.use(
      http.get('/api/collections/{slug}', () =>
        ok<CollectionResult>({
          collection: makeCollection({ slug: 'stoic-classics', title: 'Stoic Classics', description: 'The Roman Stoics.' }),
          books: BOOKS.slice(0, 2),
        }),
      ),
    );
    const { user, router } = renderApp('/collections/stoic-classics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stoic Classics' })).toBeInTheDocument();
    expect(screen.getByText('The Roman Stoics.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Stoic Classics' });
    expect(within(list).getAllByTestId('book-card')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Walden' })).toHaveAttribute('href', '/books/walden');
    await user.click(screen.getByRole('link', { name: '← Back to collections' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
  });

  it('shows a not-found page for an unknown collection', async () => {
    server.use(http.get('/api/collections/{slug}', () => fail(404, 'Collection not found.', 'not_found')));
    renderApp('/collections/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection not found' })).toBeInTheDocument();
  });
});

describe('authors', () => {
  it('lists the authors A to Z with photo, bio excerpt and book count', async () => {
    server.use(
      http.get('/api/authors', () =>
        ok<AuthorsResult>({
          authors: [
            makeAuthor({ id: 1, slug: 'seneca', name: 'Seneca', bookCount: 2, bio: 'Roman Stoic. '.repeat(30) }),
            makeAuthor({ id: 2, slug: 'adam-smith', name: 'Adam Smith', bookCount: 1 }),
            makeAuthor({ id: 3, slug: 'niccolo-machiavelli', name: 'Niccolò Machiavelli' }),
          ],
        }),
      ),
    );
    renderApp('/authors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Authors' })).toBeInTheDocument();
    const letters = await screen.findByRole('navigation', { name: 'Authors by letter' });
    expect(
      within(letters)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['A', 'N', 'S']);
    expect(within(letters).getByRole('link', { name: 'S' })).toHaveAttribute('href', '#authors-S');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Adam Smith', 'Niccolò Machiavelli', 'Seneca']);
    expect(screen.getByRole('link', { name: 'Seneca' })).toHaveAttribute('href', '/authors/seneca');
    expect(screen.getByText('2 books')).toBeInTheDocument();
    expect(screen.getByText(/^Roman Stoic\. Roman Stoic\..*…$/)).toBeInTheDocument();
  });

  it('shows an author with bio, photo and books', async () => {
    server.use(
      http.get('/api/authors/{slug}', () =>
        ok<AuthorResult>({
          author: makeAuthor({ slug: 'marcus-aurelius', name: 'Marcus Aurelius', bio: 'Roman emperor and Stoic.' }),
          books: BOOKS.slice(0, 1),
        }),
      ),
    );
    renderApp('/authors/marcus-aurelius');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marcus Aurelius' })).toBeInTheDocument();
    expect(screen.getByText('Roman emperor and Stoic.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portrait of Marcus Aurelius' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Books by Marcus Aurelius' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meditations' })).toHaveAttribute('href', '/books/meditations');
    expect(screen.getByRole('link', { name: '← All authors' })).toHaveAttribute('href', '/authors');
  });

  it('files and trims as expected', () => {
    expect(indexLetter('Niccolò Machiavelli')).toBe('N');
    expect(indexLetter('Émile Zola')).toBe('E');
    expect(indexLetter('50 Cent')).toBe('#');
    expect(groupAuthors([makeAuthor({ name: 'Zeno' }), makeAuthor({ name: '1984 Group' }), makeAuthor({ name: 'adam' })]).map(([l]) => l)).toEqual([
      'A',
      'Z',
      '#',
    ]);
    expect(excerpt('short')).toBe('short');
    expect(excerpt('word '.repeat(100), 20)).toBe('word word word word…');
  });
});

describe('infographics', () => {
  it('shows the image for entitled members and a locked tile otherwise', async () => {
    server.use(
      http.get('/api/infographics', () =>
        ok<InfographicsResult>({
          infographics: [
            {
              book: { id: 1, subid: 'meditations', title: 'Meditations', author: 'Marcus Aurelius', image: '/media/public/c1.jpg' },
              image: '/media/premium/i1.png?exp=1&sig=ab',
            },
            { book: { id: 2, subid: 'walden', title: 'Walden', author: 'Henry David Thoreau', image: '/media/public/c2.jpg' }, image: null },
          ],
        }),
      ),
    );
    renderApp('/infographics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Infographics' })).toBeInTheDocument();
    const [open, locked] = await screen.findAllByTestId('infographic');
    expect(within(open).getByRole('link', { name: 'Meditations' })).toHaveAttribute('href', '/books/meditations');
    expect(within(open).getByRole('img', { name: 'Cover of Meditations' })).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: /^Open full size: Meditations infographic/ })).toHaveAttribute('href', '/media/premium/i1.png?exp=1&sig=ab');
    expect(within(open).queryByRole('link', { name: 'Upgrade to access infographics' })).not.toBeInTheDocument();
    expect(within(locked).getByRole('link', { name: 'Upgrade to access infographics' })).toHaveAttribute('href', '/try');
    expect(within(locked).queryByRole('link', { name: /Open full size/ })).not.toBeInTheDocument();
    expect(within(locked).getByText('Henry David Thoreau')).toBeInTheDocument();
  });
});
