import { Link } from 'react-router';
import { ApiError } from '@/lib/api/client';

export const READER_LOAD_ERROR = 'There was an error. Please try again later.';

/** A 404 from the book call shows the not-found page; anything else the reader's error screen. */
export function LoadProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="page page--narrow page--center not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page__title">Book not found</h1>
        <p className="page__lead">The summary you are looking for does not exist or has moved.</p>
        <Link className="btn btn--primary btn--md" to="/books">
          Browse the summaries
        </Link>
      </div>
    );
  }
  return (
    <div className="page page--narrow page--center">
      <h1 className="page__title">Something went wrong</h1>
      <p className="page__lead" role="alert">
        {READER_LOAD_ERROR}
      </p>
      {onRetry ? (
        <button type="button" className="btn btn--primary btn--md" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
