import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { highlightKeys, type HighlightFilters } from '@/lib/highlights/api';
import type { HighlightPage } from './types';

/** GET /api/user/highlights: newest first, 50 a page, filtered by colour, text and book. */
export function getHighlights(filters: HighlightFilters, options?: { signal?: AbortSignal }): Promise<HighlightPage> {
  const query: { page: number; colour?: string; search?: string; book?: string } = { page: filters.page };
  if (filters.colour) query.colour = filters.colour;
  if (filters.search) query.search = filters.search;
  if (filters.book) query.book = filters.book;
  return api.get('/api/user/highlights', { params: { query }, signal: options?.signal });
}

export function useHighlights(filters: HighlightFilters) {
  return useQuery({
    queryKey: highlightKeys.list(filters),
    queryFn: ({ signal }) => getHighlights(filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
