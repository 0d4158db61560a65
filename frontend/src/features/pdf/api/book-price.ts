import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PriceResult } from '@/lib/api/types';

/** The plan that sells one book's summary as a PDF. */
export function bookPlanId(bookId: string): string {
  return `book-${bookId}`;
}

/** POST /api/charge/price {planId: book-{id}}: what this book's PDF costs ('Invalid plan id' when it is not sold). */
export function getBookPrice(bookId: string, options?: { signal?: AbortSignal }): Promise<PriceResult> {
  return api.post('/api/charge/price', { body: { planId: bookPlanId(bookId) }, signal: options?.signal });
}

export function useBookPrice(bookId: string) {
  return useQuery({ queryKey: ['pdf', 'price', bookId] as const, queryFn: ({ signal }) => getBookPrice(bookId, { signal }), retry: false });
}
