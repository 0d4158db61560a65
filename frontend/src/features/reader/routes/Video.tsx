import { Link, Navigate, useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { BookDetail } from '../api/types';
import { withRedirect } from '@/lib/auth/redirect';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { useBook } from '../api/get-book';
import { LoadProblem } from '../components/LoadProblem';
import { ReaderIcon } from '../components/ReaderIcon';
import { useReadingProgress } from '../hooks/use-reading-progress';
import '../components/paywall.css';
import '../theme.css';
import './video.css';

export const NO_VIDEO_MESSAGE = 'No video available yet for this book.';
export const VIDEO_UPGRADE_MESSAGE = 'Please upgrade to see the full video content for this summary.';

/**
 * Where the video page sends the user (spec §4 "Video page"): a book that is not free needs a
 * signed-in member (else /login and back), and a paid one (else /try).
 */
export function videoRedirect(book: BookDetail, signedIn: boolean, id: string): string | null {
  if (book.free) return null;
  if (!signedIn || book.notLoggedIn) return withRedirect('/login', `/video/${id}`);
  if (!book.isPaidUser) return '/try';
  return null;
}

/** /video/:id */
export default function VideoRoute() {
  const { id = '' } = useParams();
  const signedIn = useIsAuthenticated();
  const query = useBook(id);
  const book = query.data?.book;
  const progress = useReadingProgress(book);
  useDocumentTitle(book ? `${book.title} (video)` : 'Video');

  if (query.isPending) {
    return (
      <div className="page page--center">
        <Spinner label="Loading the video…" />
      </div>
    );
  }
  if (query.isError || !book) return <LoadProblem error={query.error} onRetry={() => void query.refetch()} />;

  const redirect = videoRedirect(book, signedIn, id);
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <div className="page video-page">
      <p className="video-page__back">
        <Link to={`/books/${encodeURIComponent(book.subid)}`}>
          <ReaderIcon name="prev" size={18} />
          Back to the summary
        </Link>
      </p>
      <h1 className="page__title">{book.title}</h1>
      <p className="page__lead">by {book.author}</p>
      {!book.hasVideo ? (
        <p className="video-page__message">{NO_VIDEO_MESSAGE}</p>
      ) : book.video ? (
        <div className="video-page__frame">
          {/* Summaries' videos have no caption track yet: the text summary is the alternative. */}
          <video
            className="video-page__video"
            src={book.video}
            controls
            preload="metadata"
            poster={book.image || undefined}
            aria-label={`Video summary of ${book.title}`}
            onPlay={progress.onVideoStart}
            onError={(event) => console.error('Video failed to load', event.currentTarget.error)}
          />
        </div>
      ) : (
        <div className="paywall">
          <p className="paywall__title">{VIDEO_UPGRADE_MESSAGE}</p>
          <div className="paywall__actions">
            <Link className="btn btn--primary btn--md" to="/try">
              Upgrade now
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
