import { useState } from 'react';
import { Alert } from '@/components/Alert';
import { formatBytes } from '@/lib/offline/format';
import { offlineSupported } from '@/lib/offline/member';
import { OfflineSaveError, removeSavedBooks, saveBook } from '@/lib/offline/saved-book';
import { useSavedBooks } from '@/lib/offline/use-saved-books';
import type { BookDetail } from '../api/types';
import { ReaderIcon } from './ReaderIcon';
import './save-offline.css';

export const SAVE_ERROR = 'The book could not be saved for offline reading. Please try again.';

/**
 * "Save offline" for a book the member may read in full (docs/offline.md): its text, cover and
 * audio are kept on this device for this member, and "Remove offline copy" takes them away again.
 * What happened is said in a status line (and a failure, e.g. no space left, in an alert).
 */
export function SaveOffline({ book, memberId }: { book: Pick<BookDetail, 'id' | 'subid'>; memberId: number }) {
  const [supported] = useState(offlineSupported);
  const { books } = useSavedBooks(memberId, supported);
  const [busy, setBusy] = useState<'saving' | 'removing' | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!supported) return null;
  const saved = books?.find((entry) => entry.bookId === book.id);

  const save = async () => {
    setBusy('saving');
    setProblem(null);
    setStatus('Saving for offline reading…');
    try {
      const result = await saveBook(memberId, book.subid || book.id);
      setStatus(`Saved offline (${formatBytes(result.bytes)}). It opens and plays without a connection.`);
    } catch (error) {
      console.error('Could not save the book offline', error);
      setStatus('');
      setProblem(error instanceof OfflineSaveError ? error.message : SAVE_ERROR);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!saved) return;
    setBusy('removing');
    setProblem(null);
    try {
      await removeSavedBooks([saved]);
      setStatus('Removed from this device.');
    } catch (error) {
      console.error('Could not remove the offline copy', error);
      setProblem('The offline copy could not be removed. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="save-offline">
      {saved ? (
        <>
          <span className="save-offline__badge">
            <ReaderIcon name="saved" />
            Saved offline · {formatBytes(saved.bytes)}
          </span>
          <button
            type="button"
            className="save-offline__button"
            onClick={() => void remove()}
            disabled={busy !== null}
            aria-busy={busy === 'removing' || undefined}
          >
            Remove offline copy
          </button>
        </>
      ) : (
        <button
          type="button"
          className="save-offline__button"
          onClick={() => void save()}
          disabled={busy !== null || books === null}
          aria-busy={busy === 'saving' || undefined}
        >
          <ReaderIcon name="save" />
          {busy === 'saving' ? 'Saving…' : 'Save offline'}
        </button>
      )}
      <p className="save-offline__status" role="status">
        {status}
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  );
}
