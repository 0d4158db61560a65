import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/authors */
export const authorsQueryOptions = () =>
  queryOptions({
    queryKey: ['authors'] as const,
    queryFn: ({ signal }) => api.get('/api/authors', { signal }),
    staleTime: 5 * 60_000,
  });

export function useAuthors(options: { enabled?: boolean } = {}) {
  return useQuery({ ...authorsQueryOptions(), enabled: options.enabled ?? true });
}

/** GET /api/authors/{slug} */
export function useAuthor(slug: string) {
  return useQuery({
    queryKey: ['authors', slug] as const,
    queryFn: ({ signal }) => api.get('/api/authors/{slug}', { params: { path: { slug } }, signal }),
  });
}
