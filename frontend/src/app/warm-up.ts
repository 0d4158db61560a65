import type { QueryClient } from '@tanstack/react-query';
import { bookPageQueryOptions, PREVIEW_SIZE } from '@/features/catalogue/api/books';
import { categoriesQueryOptions } from '@/lib/catalogue/categories-api';

/**
 * Starts the first screen's API calls as the app starts, beside its route's chunk, instead of after
 * the chunk has arrived and rendered (a round trip less before the first covers show). Only for
 * public calls that change nothing: the catalogue page (/books without filters).
 */
export function warmUp(queryClient: QueryClient, location: { pathname: string; search: string }) {
  if (location.pathname.replace(/\/$/, '') !== '/books' || location.search !== '') return;
  void queryClient.prefetchQuery(categoriesQueryOptions());
  void queryClient.prefetchQuery(bookPageQueryOptions({ sort: 'new' }, 1, PREVIEW_SIZE));
  void queryClient.prefetchQuery(bookPageQueryOptions({ sort: 'trending' }, 1, PREVIEW_SIZE));
}
