import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RatingRequest, RatingResult } from './types';
import { updateCachedBook } from './book-cache';

/** PUT /api/books/rating/{id} {rating, feedback, subid, bookId}: a new rating replaces the old. */
export function rateBook(body: RatingRequest & { bookId: number }): Promise<RatingResult> {
  return api.put('/api/books/rating/{id}', { params: { path: { id: String(body.bookId) } }, body });
}

/**
 * Sends the member's rating. The cached book is marked as rated, so the form is not offered again
 * when the book is reopened (the reader on screen keeps its thank-you message).
 */
export function useRateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateBook,
    onSuccess: (result, request) => updateCachedBook(queryClient, request.bookId, { hasRatingsFromUser: result.hasRatingsFromUser }),
  });
}
