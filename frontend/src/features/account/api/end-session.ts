import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import { sessionListKeys } from './get-sessions';

/**
 * DELETE /api/user/sessions/{id}: signs that session out; its access tokens stop at once. Ending
 * this browser's own session also clears its cookies (the caller then treats it as a logout).
 */
export function endSession(id: string): Promise<EmptyResult> {
  return api.delete('/api/user/sessions/{id}', { params: { path: { id } } });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'sessions', 'end'],
    mutationFn: endSession,
    // Also after a 404 (that session had already ended): the list is stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionListKeys.all }),
  });
}
