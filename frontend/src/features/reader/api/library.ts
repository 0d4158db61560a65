import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { LibraryChange, LibraryRequest } from './types';
import { progressKeys } from '@/lib/progress/query-keys';
import { updateCachedBook } from './book-cache';

/** POST /api/library {bookId}: adding twice changes nothing. */
export function addToLibrary(body: LibraryRequest): Promise<LibraryChange> {
  return api.post('/api/library', { body });
}

/** DELETE /api/library/{id}: removing a book that is not there changes nothing. */
export function removeFromLibrary(bookId: number): Promise<LibraryChange> {
  return api.delete('/api/library/{id}', { params: { path: { id: String(bookId) } } });
}

/** Puts a book in the library or takes it out; the cached book and the /library pages follow. */
export function useLibraryToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, add }: { bookId: number; add: boolean }) => (add ? addToLibrary({ bookId }) : removeFromLibrary(bookId)),
    onSuccess: (result, { bookId }) => {
      updateCachedBook(queryClient, bookId, { isInLibrary: result.isInLibrary });
      void queryClient.invalidateQueries({ queryKey: progressKeys.library() });
    },
  });
}
