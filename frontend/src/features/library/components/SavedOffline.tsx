import { useId, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { formatBytes, storageText } from '@/lib/offline/format';
import { OfflineSaveError, removeSavedBooks, type SavedBook } from '@/lib/offline/saved-book';
import { useSavedBooks } from '@/lib/offline/use-saved-books';
import { saveLibrary } from '../api/save-library';
import './saved-offline.css';

export const SAVE_LIBRARY_ERROR = 'Your library could not be saved for offline reading. Please try again.';

function subscribeToConnection(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a connection (re-renders when that changes). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

const savedDate = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The library's "Saved offline" section (docs/offline.md): the books kept on this device for this
 * member, with their sizes and a way to remove each, the total and what the browser allows; "Save
 * my library" keeps every library book (members with Premium: the books they may read in full).
 * Offline, it is what the library shows.
 */
export function SavedOffline({ memberId, canSaveLibrary }: { memberId: number; canSaveLibrary: boolean }) {
  const headingId = useId();
  const online = useOnline();
  const { books, estimate } = useSavedBooks(memberId);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const total = books?.reduce((sum, book) => sum + book.bytes, 0) ?? 0;
  const storage = storageText(estimate);

  const saveAll = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const { saved, skipped } = await saveLibrary(memberId, books ?? [], ({ done, total: count, title }) =>
        setStatus(`Saving ${done + 1} of ${count}: ${title}…`),
      );
      const skippedText = skipped > 0 ? ` ${skipped} could not be saved (not readable in full).` : '';
      setStatus(
        saved === 0 && skipped === 0
          ? 'Every book in your library is already saved offline.'
          : `Saved ${saved} ${saved === 1 ? 'book' : 'books'} for offline reading.${skippedText}`,
      );
    } catch (error) {
      console.error('Could not save the library offline', error);
      setStatus('');
      setProblem(error instanceof OfflineSaveError ? error.message : SAVE_LIBRARY_ERROR);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (book: SavedBook) => {
    setRemoving(book.bookId);
    setProblem(null);
    try {
      await removeSavedBooks([book]);
      setStatus(`${book.title} was removed from this device.`);
    } catch (error) {
      console.error('Could not remove the offline copy', error);
      setProblem('The offline copy could not be removed. Please try again.');
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className="saved-offline" aria-labelledby={headingId}>
      <div className="saved-offline__head">
        <h2 id={headingId} className="saved-offline__title">
          Saved offline
        </h2>
        {canSaveLibrary && online ? (
          <Button variant="secondary" size="md" onClick={() => void saveAll()} loading={saving} loadingText="Saving…" disabled={books === null}>
            Save my library
          </Button>
        ) : null}
      </div>
      {online ? null : <p className="saved-offline__offline">You are offline. The books saved on this device open and play without a connection.</p>}
      <p className="saved-offline__status" role="status">
        {status}
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {books && books.length === 0 ? (
        <p className="saved-offline__empty">No books saved on this device yet. Use “Save offline” on a book, or “Save my library”.</p>
      ) : null}
      {books && books.length > 0 ? (
        <>
          <p className="saved-offline__total">
            {books.length} {books.length === 1 ? 'book' : 'books'}, {formatBytes(total)} on this device.{storage ? ` ${storage}` : ''}
          </p>
          <ul className="saved-offline__list" aria-label="Books saved offline">
            {books.map((book) => (
              <li key={book.bookId} className="saved-offline__book">
                {book.image ? <img className="saved-offline__cover" src={book.image} alt="" width={48} height={72} loading="lazy" decoding="async" /> : null}
                <div className="saved-offline__text">
                  <Link className="saved-offline__link" to={`/books/${encodeURIComponent(book.subid)}`}>
                    {book.title}
                  </Link>
                  <span className="saved-offline__meta">
                    {book.author} · {formatBytes(book.bytes)} · saved {savedDate.format(book.savedAt)}
                  </span>
                </div>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm saved-offline__remove"
                  onClick={() => void remove(book)}
                  disabled={removing !== null}
                  aria-label={`Remove ${book.title} from this device`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
