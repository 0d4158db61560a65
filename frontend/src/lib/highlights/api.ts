import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EditHighlightBody, Highlight, HighlightInBook, MarkHighlightBody } from '@/lib/api/types';
import { reviewKeys } from '@/lib/review/query-keys';

/**
 * The highlight calls the reader and /highlights share (features may not import each other):
 * a book's highlights, mark, edit, remove. Every change drops both caches.
 */
export const highlightKeys = {
  all: () => ['highlights'] as const,
  book: (bookId: string) => ['highlights', 'book', bookId] as const,
  list: (filters: HighlightFilters) => ['highlights', 'list', filters] as const,
};

export interface HighlightFilters {
  page: number;
  colour?: string;
  search?: string;
  book?: string;
}

export const HIGHLIGHT_COLOURS = ['yellow', 'green', 'pink'] as const;
export type HighlightColour = (typeof HIGHLIGHT_COLOURS)[number];
export const NOTE_MAX = 2000;

/** GET /api/user/highlights/book/{id}: the member's highlights of a book (signed-in only). */
export function useBookHighlights(bookId: string, enabled: boolean) {
  return useQuery({
    queryKey: highlightKeys.book(bookId),
    queryFn: ({ signal }) => api.get('/api/user/highlights/book/{id}', { params: { path: { id: bookId } }, signal }),
    enabled,
    select: (answer): Highlight[] => answer.highlights,
  });
}

/** POST /api/user/highlights */
export function useMarkHighlight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkHighlightBody): Promise<HighlightInBook> => api.post('/api/user/highlights', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: highlightKeys.all() }),
  });
}

/** PATCH /api/user/highlights/{id}: colour, note, or the review mark (which adds or removes its daily-review card). */
export function useEditHighlight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EditHighlightBody & { id: number }) => api.patch('/api/user/highlights/{id}', { params: { path: { id } }, body }),
    onSuccess: (_result, { review }) => {
      if (review !== undefined && review !== null) void client.invalidateQueries({ queryKey: reviewKeys.all() });
      return client.invalidateQueries({ queryKey: highlightKeys.all() });
    },
  });
}

/** DELETE /api/user/highlights/{id} (a highlight marked for review takes its card with it) */
export function useRemoveHighlight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/user/highlights/{id}', { params: { path: { id } } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reviewKeys.all() });
      return client.invalidateQueries({ queryKey: highlightKeys.all() });
    },
  });
}
