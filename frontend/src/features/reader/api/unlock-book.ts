import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { catalogueKeys } from '@/lib/catalogue/query-keys';
import type { BookResult } from './types';
import { bookKeys } from './get-book';

/** POST /api/books/{id}/unlock: a free member's yes to spending a free summary on the book. */
export function unlockBook(id: string): Promise<BookResult> {
  return api.post('/api/books/{id}/unlock', { params: { path: { id } } });
}

/** Spends the free summary and puts the whole book, as the server now answers it, on the page. */
export function useUnlockBook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlockBook(id),
    onSuccess: (result) => {
      queryClient.setQueryData(bookKeys.detail(id), result);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.freeSummaries() });
    },
  });
}
