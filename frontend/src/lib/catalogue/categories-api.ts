import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CategoriesResult } from '@/lib/api/types';
import { catalogueKeys } from './query-keys';

/** GET /api/categories. Shared: the catalogue pages and the preferences screen both list them. */
export function getCategories(options?: { signal?: AbortSignal }): Promise<CategoriesResult> {
  return api.get('/api/categories', { signal: options?.signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => getCategories({ signal }),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
