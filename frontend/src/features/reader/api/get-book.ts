import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, earlyOr } from '@/lib/api/client';
import type { BookResult } from './types';
import { bookCall } from './early-book';
import { INLINE_BOOK_FRESH_MS, inlineBook } from './inline-book';

/**
 * GET /api/books/{id} (id or subid): the book with the caller's entitlement, and the user. On a
 * book page a member opened, the call may already be on its way (`early-book.ts`).
 */
export function getBook(id: string, options?: { signal?: AbortSignal }): Promise<BookResult> {
  return earlyOr(bookCall(id), () => api.get('/api/books/{id}', { params: { path: { id } }, signal: options?.signal }));
}

export const bookKeys = {
  all: ['book'] as const,
  detail: (id: string) => [...bookKeys.all, 'detail', id] as const,
};

export const bookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bookKeys.detail(id),
    queryFn: ({ signal }) => getBook(id, { signal }),
    // The answer carries signed media URLs that expire, and a free member's unlocks change it:
    // always ask again when the page is opened.
    staleTime: 0,
  });

/**
 * The book for the reader. A visitor's page may come with it (`inlineBook`): it is shown at once
 * and not asked for again while fresh.
 */
export function useBook(id: string) {
  const inline = inlineBook(id);
  return useQuery({
    ...bookQueryOptions(id),
    ...(inline && { initialData: inline.result, initialDataUpdatedAt: inline.readAt, staleTime: INLINE_BOOK_FRESH_MS }),
  });
}
