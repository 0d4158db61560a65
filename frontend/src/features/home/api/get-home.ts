import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { HomeBooksResult } from './types';
import { catalogueKeys } from '@/lib/catalogue/query-keys';

/** GET /api/books: the member, popular books, categories and the home recommendations. */
export function getHome(options?: { signal?: AbortSignal }): Promise<HomeBooksResult> {
  return api.get('/api/books', { signal: options?.signal });
}

export const homeQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.home(),
    queryFn: ({ signal }) => getHome({ signal }),
  });

export function useHome() {
  return useQuery(homeQueryOptions());
}
