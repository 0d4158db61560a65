import type { QueryClient } from '@tanstack/react-query';
import type { BookDetail, BookResult } from './types';
import { bookKeys } from './get-book';

/**
 * Apply a change to every cached copy of one book (the reader caches it under the address it was
 * opened with: the id or the subid), so that reopening it shows the saved state at once.
 */
export function updateCachedBook(queryClient: QueryClient, bookId: number, change: Partial<BookDetail>): void {
  queryClient.setQueriesData<BookResult>({ queryKey: bookKeys.all }, (old) =>
    old && old.book.id === bookId ? { ...old, book: { ...old.book, ...change } } : old,
  );
}
