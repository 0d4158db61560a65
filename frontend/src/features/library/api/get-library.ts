import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { LibraryResult } from './types';
import { progressKeys } from '@/lib/progress/query-keys';

/** GET /api/library?page=N (1-based): the member's saved books, most recently added first, 20 a page. */
export function getLibrary(page: number, options?: { signal?: AbortSignal }): Promise<LibraryResult> {
  return api.get('/api/library', { params: { query: { page } }, signal: options?.signal });
}

/** Every loaded page under one key: "Load more" asks for the next 20 while `hasMore`. */
export const libraryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: progressKeys.library(),
    queryFn: ({ pageParam, signal }) => getLibrary(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export function useLibrary() {
  return useInfiniteQuery(libraryQueryOptions());
}
