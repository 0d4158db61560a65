import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { reviewKeys } from '@/lib/review/query-keys';
import type { ReviewSettings } from './types';

/** PUT /api/user/review/settings: new cards a day, 0-100 (the server refuses anything else). */
export function saveReviewSettings(newPerDay: number | null): Promise<ReviewSettings> {
  return api.put('/api/user/review/settings', { body: { newPerDay } });
}

/** Saves the setting, then asks for the queue and the count again (they depend on it). */
export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReviewSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all() }),
  });
}
