import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { BookGrid, FIRST_ROW } from '@/components/BookCard';
import { PAGE_SIZE, useBookPage, type BookFilters } from '../api/books';
import { BookPageSkeleton } from './BookPageSkeleton';
import { LoadError } from './Messages';
import { Pager, withPage } from './Pager';

export function countText(total: number): string {
  return total === 1 ? '1 book' : `${total.toLocaleString('en-US')} books`;
}

/** One page of GET /api/catalogue/books with its paging links (the page lives in `?page=`). */
export function PagedBooks({
  filters,
  page,
  label,
  emptyText = 'No books here yet.',
}: {
  filters: BookFilters;
  page: number;
  label: string;
  emptyText?: string;
}) {
  const [search] = useSearchParams();
  const query = useBookPage(filters, page);
  const listTop = useRef<HTMLDivElement>(null);
  const firstPage = useRef(page);

  // Moving to another page starts reading at the top of the list.
  useEffect(() => {
    if (page === firstPage.current) return;
    firstPage.current = page;
    listTop.current?.scrollIntoView?.({ block: 'start' });
  }, [page]);

  if (query.isPending) return <BookPageSkeleton count={PAGE_SIZE} label="Loading books…" />;
  if (query.isError) return <LoadError error={query.error} />;
  const result = query.data;
  const pages = Math.max(result.pages, 1);

  return (
    <div ref={listTop} className="paged-books" aria-busy={query.isPlaceholderData || undefined}>
      <p className="paged-books__count">{countText(result.total)}</p>
      {result.books.length === 0 ? (
        <p className="empty-state">{emptyText}</p>
      ) : (
        <BookGrid books={result.books} label={label} headingLevel={2} eagerCount={FIRST_ROW} />
      )}
      <Pager page={page} pages={pages} hrefFor={(n) => withPage(search, n)} />
    </div>
  );
}
