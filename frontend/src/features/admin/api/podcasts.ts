import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminPodcastRequest, AdminPodcastView, PodcastUploadResult } from './types';
import { afterContentChange, isId } from './content';
import { adminKeys } from './keys';
import { uploadTo, type UploadOptions } from './upload';

export const PODCAST_ADDED = 'Podcast was added.';
export const PODCAST_UPDATED = 'Podcast was updated.';

/** GET /api/admin/podcasts/ */
export function usePodcasts() {
  return useQuery({
    queryKey: adminKeys.contentList('podcasts'),
    queryFn: ({ signal }) => api.get('/api/admin/podcasts/', { signal }).then((result) => result.podcasts),
  });
}

/** GET /api/admin/podcasts/{id} */
export function usePodcast(id: number) {
  return useQuery({
    queryKey: adminKeys.contentItem('podcasts', id),
    queryFn: ({ signal }) => api.get('/api/admin/podcasts/{id}', { params: { path: { id } }, signal }).then((result) => result.podcast),
    enabled: isId(id),
  });
}

/** POST /api/admin/podcasts/ ('Podcast was added.') */
export function useAddPodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPodcastRequest) => api.post('/api/admin/podcasts/', { body }).then((result) => result.podcast),
    onSuccess: (podcast: AdminPodcastView) => afterContentChange(queryClient, 'podcasts', podcast),
  });
}

/** PUT /api/admin/podcasts/{id} ('Podcast was updated.'); the answer is the podcast as saved. */
export function useUpdatePodcast(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPodcastRequest) => api.put('/api/admin/podcasts/{id}', { params: { path: { id } }, body }).then((result) => result.podcast),
    onSuccess: (podcast: AdminPodcastView) => afterContentChange(queryClient, 'podcasts', podcast),
  });
}

export type PodcastSlot = 'media' | 'photo';

/** Multipart POST /api/admin/podcasts/{media|photo}/{id} ('The media was uploaded.', 'The photo was uploaded.'). */
export function uploadPodcastFile(slot: PodcastSlot, id: number, file: File, options: UploadOptions = {}): Promise<PodcastUploadResult> {
  return uploadTo<PodcastUploadResult>(`/api/admin/podcasts/${slot}/${id}`, file, options);
}
