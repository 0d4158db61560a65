import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import type { PositionSaveRequest, PositionSaveResult } from './types';
import { catalogueKeys } from '@/lib/catalogue/query-keys';
import { progressKeys } from '@/lib/progress/query-keys';
import { updateCachedBook } from './book-cache';
import { storedMember } from '@/lib/offline/member';
import { queueSave, sendPositionSave } from '@/lib/offline/queue';
import { rememberPosition } from '@/lib/offline/saved-book';

/**
 * PUT /api/user-book-history/ {bookId, position, completed, savedAt}: the position is clamped by the
 * server, which keeps the newer one by `savedAt` (now) when another device saved meanwhile. Without
 * a connection the save is queued on this device (`lib/offline/queue.ts`) and sent, with the time
 * it was made, when the device is back online; the call still fails, so nothing is shown as saved.
 */
export async function savePosition(body: PositionSaveRequest): Promise<PositionSaveResult> {
  const savedAt = Date.now();
  const memberId = storedMember();
  // A book saved on this device resumes offline where the member was.
  const remember = (position: number) => {
    if (memberId === null || typeof body.bookId !== 'number') return;
    rememberPosition(memberId, body.bookId, position).catch((cause: unknown) => console.error('Could not update the saved book', cause));
  };
  try {
    const result = await sendPositionSave({ ...body, savedAt });
    remember(result.position);
    return result;
  } catch (error) {
    const offline = error instanceof ApiError && error.code === 'network_error';
    if (offline && memberId !== null && typeof body.bookId === 'number' && typeof indexedDB !== 'undefined') {
      const save = { memberId, bookId: body.bookId, position: body.position ?? 0, completed: body.completed ?? false, savedAt };
      await queueSave(save).catch((cause: unknown) => console.error('Could not keep the reading position for later', cause));
      remember(save.position);
    }
    throw error;
  }
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
