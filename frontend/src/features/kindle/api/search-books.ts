import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SearchResult } from '@/lib/api/types';

/** GET /api/search?q=: books to choose from when no book was given. */
export function searchBooks(q: string, options?: { signal?: AbortSignal }): Promise<SearchResult> {
  return api.get('/api/search', { params: { query: { q, page: 1 } }, signal: options?.signal });
}

/** Runs once something was searched for. */
export function useBookSearch(q: string) {
  return useQuery({
    queryKey: ['kindle', 'search', q] as const,
    queryFn: ({ signal }) => searchBooks(q, { signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
