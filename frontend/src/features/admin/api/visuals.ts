import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminVisualRequest, AdminVisualView, VisualUploadResult } from './types';
import { afterContentChange, isId } from './content';
import { adminKeys } from './keys';
import { uploadTo, type UploadOptions } from './upload';

export const VISUAL_ADDED = 'The visual was added.';
export const VISUAL_EDITED = 'Visuals was edited.';

/** GET /api/admin/visuals */
export function useVisuals() {
  return useQuery({
    queryKey: adminKeys.contentList('visuals'),
    queryFn: ({ signal }) => api.get('/api/admin/visuals', { signal }).then((result) => result.visuals),
  });
}

/** GET /api/admin/visuals/{id} */
export function useVisual(id: number) {
  return useQuery({
    queryKey: adminKeys.contentItem('visuals', id),
    queryFn: ({ signal }) => api.get('/api/admin/visuals/{id}', { params: { path: { id } }, signal }).then((result) => result.visual),
    enabled: isId(id),
  });
}

/** POST /api/admin/visuals ('The visual was added.') */
export function useAddVisual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminVisualRequest) => api.post('/api/admin/visuals', { body }).then((result) => result.visual),
    onSuccess: (visual: AdminVisualView) => afterContentChange(queryClient, 'visuals', visual),
  });
}

/** PUT /api/admin/visuals/{id} ('Visuals was edited.') */
export function useUpdateVisual(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminVisualRequest) => api.put('/api/admin/visuals/{id}', { params: { path: { id } }, body }).then((result) => result.visual),
    onSuccess: (visual: AdminVisualView) => afterContentChange(queryClient, 'visuals', visual),
  });
}

/** DELETE /api/admin/visuals/{id} */
export function useDeleteVisual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete('/api/admin/visuals/{id}', { params: { path: { id } } });
    },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.contentItem('visuals', id) });
      return afterContentChange(queryClient, 'visuals');
    },
  });
}

/** PUT /api/admin/visuals/order/{bookId} with the book's visual ids in their new order (beyond the spec). */
export function useReorderVisuals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, ids }: { bookId: number; ids: number[] }) =>
      api.put('/api/admin/visuals/order/{bookId}', { params: { path: { bookId } }, body: { ids } }).then((result) => result.visuals),
    onSuccess: (ordered: AdminVisualView[]) => {
      // Show the new order at once (the list is fetched again behind it).
      const byId = new Map(ordered.map((visual) => [visual.id, visual]));
      queryClient.setQueryData<AdminVisualView[]>(adminKeys.contentList('visuals'), (list) => list?.map((visual) => byId.get(visual.id) ?? visual));
      return afterContentChange(queryClient, 'visuals');
    },
  });
}

/** Multipart POST /api/admin/visuals/photo/{id} ('The photo was uploaded.'). */
export function uploadVisualPhoto(id: number, file: File, options: UploadOptions = {}): Promise<VisualUploadResult> {
  return uploadTo<VisualUploadResult>(`/api/admin/visuals/photo/${id}`, file, options);
}
