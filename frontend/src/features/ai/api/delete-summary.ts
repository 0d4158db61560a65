import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AiSummary } from './types';
import { aiKeys } from './keys';

/** DELETE /api/ai/summaries/{id}: the summary is gone for good. */
export async function deleteSummary(id: number): Promise<void> {
  await api.delete('/api/ai/summaries/{id}', { params: { path: { id } } });
}

/** Deletes, takes the summary off "My summaries" at once, and asks for the list again. */
export function useDeleteSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai-summaries', 'delete'],
    mutationFn: deleteSummary,
    onSuccess: (_, id) => {
      queryClient.setQueryData<{ summaries: AiSummary[] }>(aiKeys.list(), (current) =>
        current ? { summaries: current.summaries.filter((summary) => summary.id !== id) } : current,
      );
      queryClient.removeQueries({ queryKey: aiKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: aiKeys.list() });
    },
  });
}
