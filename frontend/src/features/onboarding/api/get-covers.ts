import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { BookCard } from '@/lib/api/types';
import { THUMB_BOOKS } from '../constants';
import { onboardingKeys } from './get-goals';

/** A book shown in step 5: its cover and its title (the cover's text alternative). */
export type ThumbBook = Pick<BookCard, 'id' | 'title' | 'author' | 'image'>;

/** Asked for more than five, so that books without a cover can be passed over. */
const ASKED = 12;

/** The first five books, those with a cover first (the server's order kept otherwise). */
export function pickCovers(books: readonly BookCard[], count = THUMB_BOOKS): ThumbBook[] {
  const withCover = books.filter((book) => book.image);
  const without = books.filter((book) => !book.image);
  return [...withCover, ...without].slice(0, count).map(({ id, title, author, image }) => ({ id, title, author, image }));
}

/** GET /api/catalogue/books?sort=trending (public, as /books lists it): the most read books lately. */
export function getCovers(options?: { signal?: AbortSignal }): Promise<ThumbBook[]> {
  return api
    .get('/api/catalogue/books', { params: { query: { sort: 'trending', page: 1, pageSize: ASKED } }, signal: options?.signal })
    .then((page) => pickCovers(page.books));
}

export const coversQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.covers(),
    queryFn: ({ signal }) => getCovers({ signal }),
    staleTime: 5 * 60_000,
  });

export function useCovers() {
  return useQuery(coversQueryOptions());
}
