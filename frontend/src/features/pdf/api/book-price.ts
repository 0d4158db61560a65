import { usePrice } from '@/lib/billing/price-api';

/** The plan that sells one book's summary as a PDF. */
export function bookPlanId(bookId: string): string {
  return `book-${bookId}`;
}

/** What this book's PDF costs ('Invalid plan id' when it is not sold, which is final). */
export function useBookPrice(bookId: string) {
  return usePrice(bookPlanId(bookId), { retry: false });
}
