import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import type { PositionSaveRequest, PositionSaveResult } from './types';
import { catalogueKeys } from '@/lib/catalogue/query-keys';
import { progressKeys } from '@/lib/progress/query-keys';
import { updateCachedBook } from './book-cache';

/** PUT /api/user-book-history/ {bookId, position, completed}: the position is clamped by the server. */
export function savePosition(body: PositionSaveRequest): Promise<PositionSaveResult> {
  return api.put('/api/user-book-history/', { body });
}

/** POST /api/user-book-history/{id} (no body): the member started the book's video. */
export function logVideoStart(bookId: number | string): Promise<EmptyResult> {
  return api.post('/api/user-book-history/{id}', { params: { path: { id: String(bookId) } } });
}

/**
 * Saves the reading position. The cached book keeps the saved position (reopening it resumes
 * there); the home page's "Pick up where you left off" and, after a completion, the progress
 * report are refetched when next shown.
 */
export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePosition,
    onSuccess: (result, request) => {
      if (typeof request.bookId === 'number') updateCachedBook(queryClient, request.bookId, { position: result.position, completed: result.completed });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.home() });
      if (result.completed) void queryClient.invalidateQueries({ queryKey: progressKeys.report() });
    },
  });
}

/** Logs a video start; the home page's reading history changes with it. */
export function useLogVideoStart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logVideoStart,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.home() }),
  });
}
