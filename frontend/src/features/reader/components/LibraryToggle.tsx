import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/Alert';
import type { BookDetail } from '../api/types';
import { withRedirect } from '@/lib/auth/redirect';
import { useLibraryToggle } from '../api/library';
import { ReaderIcon } from './ReaderIcon';
import './library-toggle.css';

export const LIBRARY_LOGIN_MESSAGE = 'Please login to access this feature';
export const LIBRARY_ERROR = 'Your library could not be updated. Please try again.';

/**
 * "Add to library" / "Remove from library" (a toggle button, aria-pressed). Visitors get the
 * alert 'Please login to access this feature'; a failed call shows a short error next to it.
 */
export function LibraryToggle({ book, signedIn }: { book: Pick<BookDetail, 'id' | 'isInLibrary'>; signedIn: boolean }) {
  const location = useLocation();
  const toggle = useLibraryToggle();
  const [problem, setProblem] = useState<'login' | 'error' | null>(null);
  const inLibrary = book.isInLibrary;

  const onClick = () => {
    if (!signedIn) {
      setProblem('login');
      return;
    }
    setProblem(null);
    toggle.mutate(
      { bookId: book.id, add: !inLibrary },
      {
        onError: (error) => {
          console.error('Could not update the library', error);
          setProblem('error');
        },
      },
    );
  };

  return (
    <div className="library-toggle">
      <button
        type="button"
        className={inLibrary ? 'library-toggle__button library-toggle__button--on' : 'library-toggle__button'}
        aria-pressed={inLibrary}
        aria-busy={toggle.isPending || undefined}
        disabled={toggle.isPending}
        onClick={onClick}
      >
        <ReaderIcon name={inLibrary ? 'saved' : 'save'} />
        {inLibrary ? 'Remove from library' : 'Add to library'}
      </button>
      {problem === 'login' ? (
        <Alert tone="warning">
          {LIBRARY_LOGIN_MESSAGE}. <Link to={withRedirect('/login', location.pathname + location.search)}>Log in</Link>
        </Alert>
      ) : null}
      {problem === 'error' ? <Alert tone="error">{LIBRARY_ERROR}</Alert> : null}
    </div>
  );
}
