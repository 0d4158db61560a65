import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/blog?category= (newest first; no category = every post). */
export function usePosts(category?: string) {
  return useQuery({
    queryKey: ['blog', 'posts', category ?? 'all'] as const,
    queryFn: ({ signal }) => api.get('/api/blog', { params: { query: { category: category || undefined } }, signal }),
  });
}

/** GET /api/blog/{id} (id or slug) */
export function usePost(id: string) {
  return useQuery({
    queryKey: ['blog', 'post', id] as const,
    queryFn: ({ signal }) => api.get('/api/blog/{id}', { params: { path: { id } }, signal }),
  });
}
