import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminInsightRequest, AdminInsightView } from './types';
import { afterContentChange, isId } from './content';
import { adminKeys } from './keys';

export const INSIGHT_ADDED = 'Insight was added.';
export const INSIGHT_UPDATED = 'Insight was updated.';

/** GET /api/admin/insight: the result is the list itself ({id, title, createDate}, title = the book's). */
export function useInsights() {
  return useQuery({
    queryKey: adminKeys.contentList('insights'),
    queryFn: ({ signal }) => api.get('/api/admin/insight', { signal }),
  });
}

/** GET /api/admin/insight/{id} */
export function useInsight(id: number) {
  return useQuery({
    queryKey: adminKeys.contentItem('insights', id),
    queryFn: ({ signal }) => api.get('/api/admin/insight/{id}', { params: { path: { id } }, signal }).then((result) => result.insight),
    enabled: isId(id),
  });
}

/** POST /api/admin/insight ('Insight was added.') */
export function useAddInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminInsightRequest) => api.post('/api/admin/insight', { body }).then((result) => result.insight),
    onSuccess: (insight: AdminInsightView) => afterContentChange(queryClient, 'insights', insight),
  });
}

/** PUT /api/admin/insight, the body with the insight's id ('Insight was updated.'). */
export function useUpdateInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminInsightRequest) => api.put('/api/admin/insight', { body }).then((result) => result.insight),
    onSuccess: (insight: AdminInsightView) => afterContentChange(queryClient, 'insights', insight),
  });
}
