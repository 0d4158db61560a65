import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/insights?limit=&book=: quotes from books, newest first (shared: the home page and the book page show them). */
export function useInsights(options: { limit: number; book?: string }) {
  const { limit, book } = options;
  return useQuery({
    queryKey: ['insights', book ?? 'all', limit] as const,
    queryFn: ({ signal }) => api.get('/api/insights', { params: { query: { limit, book } }, signal }).then((result) => result.insights),
    staleTime: 5 * 60_000,
  });
}
