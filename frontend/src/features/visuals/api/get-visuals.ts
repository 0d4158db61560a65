import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { BookVisualsResult } from '@/lib/api/types';
import type { VisualsResult } from './types';

/** GET /api/visuals: one card per book. */
export function getVisuals(options?: { signal?: AbortSignal }): Promise<VisualsResult> {
  return api.get('/api/visuals', { signal: options?.signal });
}

/** GET /api/visuals/book/{id} (id or subid): the slides, empty unless the caller may see them. */
export function getVisualBook(id: string, options?: { signal?: AbortSignal }): Promise<BookVisualsResult> {
  return api.get('/api/visuals/book/{id}', { params: { path: { id } }, signal: options?.signal });
}

export const visualKeys = {
  all: ['visuals'] as const,
  list: () => [...visualKeys.all, 'list'] as const,
  book: (id: string) => [...visualKeys.all, 'book', id] as const,
};

export const visualsQueryOptions = () =>
  queryOptions({
    queryKey: visualKeys.list(),
    queryFn: ({ signal }) => getVisuals({ signal }),
  });

export const visualBookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: visualKeys.book(id),
    queryFn: ({ signal }) => getVisualBook(id, { signal }),
    // Signed image URLs and the caller's access: ask again on every visit.
    staleTime: 0,
  });

export function useVisuals() {
  return useQuery(visualsQueryOptions());
}

export function useVisualBook(id: string) {
  return useQuery(visualBookQueryOptions(id));
}
