import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export const podcastKeys = {
  all: ['podcasts'] as const,
  list: () => [...podcastKeys.all, 'list'] as const,
  one: (id: string) => [...podcastKeys.all, 'one', id] as const,
};

/** GET /api/podcasts: every podcast as a card. */
export function usePodcasts() {
  return useQuery({
    queryKey: podcastKeys.list(),
    queryFn: ({ signal }) => api.get('/api/podcasts', { signal }).then((result) => result.podcasts),
  });
}

/**
 * GET /api/podcasts/{id}: the podcast with its audio's signed link for members who may play it
 * (`locked` when there is audio they may not). Signed links expire: always ask again on opening.
 */
export function usePodcast(id: string) {
  return useQuery({
    queryKey: podcastKeys.one(id),
    queryFn: ({ signal }) => api.get('/api/podcasts/{id}', { params: { path: { id: Number(id) } }, signal }).then((result) => result.podcast),
    enabled: /^\d+$/.test(id) && Number(id) > 0,
    staleTime: 0,
  });
}
