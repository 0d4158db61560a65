import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { BlogPostResult, BlogResult } from '@/lib/api/types';

/** GET /api/blog?category= (newest first; no category = every post). */
export function usePosts(category?: string) {
  return useQuery({
    queryKey: ['blog', 'posts', category ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api.get<BlogResult>(category ? `/api/blog?${new URLSearchParams({ category }).toString()}` : '/api/blog', { signal }),
  });
}

/** GET /api/blog/{id} (id or slug) */
export function usePost(id: string) {
  return useQuery({
    queryKey: ['blog', 'post', id] as const,
    queryFn: ({ signal }) => api.get<BlogPostResult>(`/api/blog/${encodeURIComponent(id)}`, { signal }),
  });
}
