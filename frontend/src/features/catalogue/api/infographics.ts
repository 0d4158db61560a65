import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/infographics (`image` is signed for paid members only, else null). */
export function useInfographics() {
  return useQuery({
    queryKey: ['infographics'] as const,
    queryFn: ({ signal }) => api.get('/api/infographics', { signal }),
  });
}
