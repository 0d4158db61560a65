import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SearchResult } from '@/lib/api/types';

/** The books a page of results holds (the server's `SearchResult.pageSize`): what the loading page shows. */
export const SEARCH_PAGE_SIZE = 20;

/** GET /api/search?q=&page= */
export function searchBooks(q: string, page: number, options?: { signal?: AbortSignal }): Promise<SearchResult> {
  return api.get('/api/search', { params: { query: { q, page } }, signal: options?.signal });
}

/** Runs only when there is a query parameter (an empty one included: the server explains it). */
export function useSearch(q: string | null, page: number) {
  return useQuery({
    queryKey: ['search', q, page] as const,
    queryFn: ({ signal }) => searchBooks(q ?? '', page, { signal }),
    enabled: q !== null,
  });
}
