import { Link, Navigate, useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage } from '@/lib/api/client';
import { Carousel } from '../components/Carousel';
import { useVisualBook } from '../api/get-visuals';
import '../visuals.css';

function BackLink() {
  return (
    <p className="visual-viewer__back">
      <Link to="/visuals">
        <span aria-hidden="true">‹ </span>Back to Visuals
      </Link>
    </p>
  );
}

/** /visuals/:id (id or subid). Callers who may not see the slides go to /try. */
export default function VisualViewerRoute() {
  const { id = '' } = useParams();
  const query = useVisualBook(id);
  const result = query.data;
  useDocumentTitle(result ? `${result.book.title} (visual summary)` : 'Visual summary');

  if (query.isPending) {
    return (
      <div className="page page--center">
        <Spinner label="Loading the visual summary…" />
      </div>
    );
  }

  if (query.isError || !result) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="page visual-viewer">
        <BackLink />
        <div className="visuals__state" role="alert">
          <h1 className="page__title">{notFound ? 'Visual summary not found' : 'Oops! Something went wrong'}</h1>
          <p>{errorMessage(query.error)}</p>
        </div>
      </div>
    );
  }

  // Spec §4: a non-paid user is sent to /try (the server sends no slides to them).
  if (result.visuals.length === 0 && !result.isPaid) return <Navigate to="/try" replace />;

  const { book } = result;
  const slides = [...result.visuals].sort((a, b) => a.position - b.position);

  return (
    <div className="page visual-viewer">
      <BackLink />
      <div className="visual-viewer__header">
        <h1 className="page__title">{book.title}</h1>
        <p className="page__lead">by {book.author}</p>
      </div>
      {slides.length > 0 ? (
        <Carousel slides={slides} bookTitle={book.title} />
      ) : (
        <div className="visuals__state">
          <h2>No Visual Summaries Yet</h2>
          <p>This book has no illustrated key ideas yet.</p>
        </div>
      )}
    </div>
  );
}
