import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/collections */
export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['collections'] as const,
    queryFn: ({ signal }) => api.get('/api/collections', { signal }),
    staleTime: 5 * 60_000,
  });

export function useCollections(options: { enabled?: boolean } = {}) {
  return useQuery({ ...collectionsQueryOptions(), enabled: options.enabled ?? true });
}

/** GET /api/collections/{slug} */
export function useCollection(slug: string) {
  return useQuery({
    queryKey: ['collections', slug] as const,
    queryFn: ({ signal }) => api.get('/api/collections/{slug}', { params: { path: { slug } }, signal }),
  });
}
