import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { BookGrid } from '@/components/BookCard';
import { Breadcrumb } from '@/components/Breadcrumb';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { BookCard } from '@/lib/api/types';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { useSession } from '@/lib/auth/session-api';
import { offlineSupported, storedMember } from '@/lib/offline/member';
import { useLibrary } from '../api/get-library';
import { SavedOffline, useOnline } from '../components/SavedOffline';
import '../library.css';

export const EMPTY_LIBRARY = 'Your library is empty.';
export const LIBRARY_OFFLINE = 'Your library list needs a connection. The books saved on this device are above.';

/** /library (signed-in only) */
export default function LibraryRoute() {
  return (
    <ProtectedRoute>
      <Library />
    </ProtectedRoute>
  );
}

function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'book' : 'books';
  return shown >= total ? `${total} ${noun}` : `Showing ${shown} of ${total} ${noun}`;
}

/** 'Your Library': a book grid, 20 at a time, with "Load more" for the next 20. */
function Library() {
  useDocumentTitle('My Library');
  const library = useLibrary();
  const session = useSession();
  const online = useOnline();
  const [offlineReady] = useState(offlineSupported);
  // Offline, the session cannot be asked: the member kept from the last online start.
  const memberId = session.data?.user.id ?? storedMember();
  const listRef = useRef<HTMLDivElement>(null);
  /** After "Load more", focus moves to the first book that came in (the button may disappear). */
  const focusFrom = useRef<number | null>(null);

  const pages = library.data?.pages;
  const books = useMemo(() => {
    // A book added or removed meanwhile can shift the pages: show each book once.
    const seen = new Set<number>();
    const unique: BookCard[] = [];
    for (const book of pages?.flatMap((page) => page.books) ?? []) {
      if (!seen.has(book.id)) {
        seen.add(book.id);
        unique.push(book);
      }
    }
    return unique;
  }, [pages]);
  const total = Math.max(pages?.[pages.length - 1]?.total ?? 0, books.length);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || books.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('.book-card__link')[from]?.focus();
  }, [books.length]);

  const loadMore = () => {
    focusFrom.current = books.length;
    void library.fetchNextPage();
  };

  return (
    <div className="page library">
      <Breadcrumb items={[{ label: 'Home', to: '/home' }, { label: 'My Library' }]} />
      <header className="page__header">
        <h1 className="page__title">Your Library</h1>
        <p className="page__lead">The summaries you saved to read later.</p>
      </header>

      {offlineReady && memberId !== null ? <SavedOffline memberId={memberId} canSaveLibrary={session.data?.user.isPaid ?? false} /> : null}

      {library.isPending && online ? <Spinner label="Loading your library…" /> : null}
      {library.isError && !library.data ? <Alert tone={online ? 'error' : 'info'}>{online ? errorMessage(library.error) : LIBRARY_OFFLINE}</Alert> : null}

      {library.data && books.length === 0 ? (
        <div className="library__empty">
          <p className="library__empty-title">{EMPTY_LIBRARY}</p>
          <p>Use “Add to library” while you read to keep a summary here.</p>
          <Link className="btn btn--primary btn--md" to="/books">
            Browse book summaries
          </Link>
        </div>
      ) : null}

      {books.length > 0 ? (
        <div ref={listRef} className="library__books">
          <p className="library__count" role="status">
            {countText(books.length, total)}
          </p>
          <BookGrid books={books} label="Your Library" headingLevel={2} />
          {library.isFetchNextPageError ? <Alert tone="error">{errorMessage(library.error)}</Alert> : null}
          {library.hasNextPage ? (
            <div className="library__more">
              <Button variant="secondary" onClick={loadMore} loading={library.isFetchingNextPage} loadingText="Loading…">
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
