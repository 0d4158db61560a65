import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api/client';
import type { CatalogueSort } from './types';

export const CATALOGUE_SORTS: readonly CatalogueSort[] = ['new', 'trending', 'ab', 'audio', 'video'];

export const PAGE_SIZE = 20;
/** Books in each list the catalogue page (/books) previews. */
export const PREVIEW_SIZE = 10;

export function isCatalogueSort(value: string | undefined | null): value is CatalogueSort {
  return CATALOGUE_SORTS.includes(value as CatalogueSort);
}

/** What a book list shows: everything the catalogue call filters by, except the page. */
export interface BookFilters {
  sort: CatalogueSort;
  category?: string;
  collection?: string;
  author?: string;
  /** A goal's id: only the books serving it. */
  goal?: number;
  audio?: boolean;
  video?: boolean;
}

/** The query parameters of GET /api/catalogue/books (only the filters that are set). */
export function catalogueParams(filters: BookFilters, page: number, pageSize: number = PAGE_SIZE) {
  return {
    sort: filters.sort,
    category: filters.category || undefined,
    collection: filters.collection || undefined,
    author: filters.author || undefined,
    goal: filters.goal || undefined,
    audio: filters.audio || undefined,
    video: filters.video || undefined,
    page,
    pageSize,
  };
}

/** The same as a query string: the cache key of a page. */
export function catalogueQuery(filters: BookFilters, page: number, pageSize: number = PAGE_SIZE): string {
  return queryString(catalogueParams(filters, page, pageSize));
}

/** GET /api/catalogue/books */
export function getBookPage(filters: BookFilters, page: number, pageSize = PAGE_SIZE, options?: { signal?: AbortSignal }) {
  return api.get('/api/catalogue/books', { params: { query: catalogueParams(filters, page, pageSize) }, signal: options?.signal });
}

export const bookPageQueryOptions = (filters: BookFilters, page: number, pageSize = PAGE_SIZE) =>
  queryOptions({
    queryKey: ['catalogue', 'books', catalogueQuery(filters, page, pageSize)] as const,
    queryFn: ({ signal }) => getBookPage(filters, page, pageSize, { signal }),
  });

export function useBookPage(filters: BookFilters, page: number, pageSize = PAGE_SIZE) {
  return useQuery({ ...bookPageQueryOptions(filters, page, pageSize), placeholderData: keepPreviousData });
}

/** `?page=` as a page number (1 when missing or nonsense). */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
