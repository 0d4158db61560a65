import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useBook } from '../api/get-book';
import { useReaderPreferences } from '../hooks/use-reader-preferences';
import { useReadingProgress } from '../hooks/use-reading-progress';
import { LoadProblem } from './LoadProblem';
import { Reader } from './Reader';
import '../theme.css';

/** /books/:id and /book-detail/:subid: load the book, then the reader. */
export function ReaderPage({ bookId }: { bookId: string }) {
  const query = useBook(bookId);
  const book = query.data?.book;
  const progress = useReadingProgress(book);
  const preferences = useReaderPreferences();
  useDocumentTitle(book?.title ?? 'Summary');

  if (query.isPending) {
    return (
      <div className="page page--center">
        <Spinner label="Loading the summary…" />
      </div>
    );
  }
  if (query.isError || !book) {
    return <LoadProblem error={query.error} onRetry={() => void query.refetch()} />;
  }
  // A new book starts a fresh reader (section index, sidebars).
  return <Reader key={book.id} book={book} progress={progress} preferences={preferences} memberId={query.data?.user?.id ?? null} />;
}
