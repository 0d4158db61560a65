import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminBook, AdminBookRequest, AdminBookRow } from './types';
import { adminKeys } from './keys';

export type BookSort = 'uploadDate' | 'id' | 'title';

export const UNEXPECTED_FORMAT = 'Unexpected response format.';

/** GET /api/admin/books/?sort=: every book, deleted ones too ('Unexpected response format.' otherwise). */
export async function getBooks(sort: BookSort, signal?: AbortSignal): Promise<AdminBookRow[]> {
  const result = await api.get('/api/admin/books/', { params: { query: { sort } }, signal });
  if (!Array.isArray(result?.books)) throw new Error(UNEXPECTED_FORMAT);
  return result.books;
}

export function useBooks(sort: BookSort) {
  return useQuery({ queryKey: adminKeys.books(sort), queryFn: ({ signal }) => getBooks(sort, signal) });
}

/** GET /api/admin/books/{bookId} */
export function getBook(id: number, signal?: AbortSignal): Promise<AdminBook> {
  return api.get('/api/admin/books/{bookId}', { params: { path: { bookId: id } }, signal }).then((result) => result.book);
}

export function useBook(id: number) {
  return useQuery({ queryKey: adminKeys.book(id), queryFn: ({ signal }) => getBook(id, signal), enabled: Number.isFinite(id) && id > 0 });
}

/**
 * After a book changes: the admin lists and the audit log are stale, and so is whatever members'
 * pages this browser has cached (the catalogue, home...).
 */
export function afterBookChange(queryClient: QueryClient, book?: AdminBook): Promise<unknown> {
  if (book) queryClient.setQueryData(adminKeys.book(book.id), book);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.booksAll(), predicate: (query) => query.queryKey[2] === 'list' }),
    queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
    // The goals list counts each goal's books.
    queryClient.invalidateQueries({ queryKey: adminKeys.contentList('goals') }),
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'admin', refetchType: 'none' }),
  ]);
}

/** POST /api/admin/books/ ('Book was added.') */
export function useAddBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBookRequest) => api.post('/api/admin/books/', { body }).then((result) => result.book),
    onSuccess: (book) => afterBookChange(queryClient, book),
  });
}

/** PUT /api/admin/books/{bookId} ('Book was updated.'); the answer is the book as saved. */
export function useUpdateBook(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBookRequest) => api.put('/api/admin/books/{bookId}', { params: { path: { bookId: id } }, body }).then((result) => result.book),
    onSuccess: (book) => afterBookChange(queryClient, book),
  });
}

export type BookAction = 'delete' | 'restore' | 'preview';

/** Soft delete (DELETE), restore, or make this month's preview, from the list. */
export function useBookAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: BookAction }) => {
      const path = { path: { bookId: id } };
      if (action === 'delete') await api.delete('/api/admin/books/{bookId}', { params: path });
      else if (action === 'restore') await api.post('/api/admin/books/{bookId}/restore', { params: path });
      else await api.post('/api/admin/books/{bookId}/preview', { params: path });
    },
    onSuccess: (_data, { id }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.book(id) });
      return afterBookChange(queryClient);
    },
  });
}
