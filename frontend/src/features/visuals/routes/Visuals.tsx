import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { VisualCard } from '../api/types';
import { useVisuals } from '../api/get-visuals';
import '../visuals.css';

/** Spec §9: the average read time shown for a visual summary. */
export const AVERAGE_READ_MINUTES = 5;

/** /visuals */
export default function VisualsRoute() {
  const query = useVisuals();
  useDocumentTitle('Visual Book Summaries');
  const visuals = query.data?.visuals ?? [];

  return (
    <div className="page visuals">
      <div className="visuals__hero">
        <h1 className="page__title">Visual Book Summaries</h1>
        <p className="page__lead">The key ideas of great books, one illustrated card at a time.</p>
        {query.isSuccess && visuals.length > 0 ? (
          <dl className="visuals__stats">
            <div>
              <dt>Visual summaries</dt>
              <dd>{visuals.length}</dd>
            </div>
            <div>
              <dt>Illustrated</dt>
              <dd>100%</dd>
            </div>
            <div>
              <dt>Average read time</dt>
              <dd>{AVERAGE_READ_MINUTES} Min</dd>
            </div>
          </dl>
        ) : null}
      </div>

      {query.isPending ? <Spinner label="Loading the visual summaries…" /> : null}

      {query.isError ? (
        <div className="visuals__state" role="alert">
          <h2>Oops! Something went wrong</h2>
          <p>{errorMessage(query.error)}</p>
          <button type="button" className="btn btn--primary btn--md" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : null}

      {query.isSuccess && visuals.length === 0 ? (
        <div className="visuals__state">
          <h2>No Visual Summaries Yet</h2>
          <p>Illustrated summaries are on their way. In the meantime, read or listen to a summary.</p>
          <Link className="btn btn--primary btn--md" to="/books">
            Browse the summaries
          </Link>
        </div>
      ) : null}

      {visuals.length > 0 ? (
        <ul className="visual-grid">
          {visuals.map((card) => (
            <li key={card.id}>
              <VisualBookCard card={card} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function VisualBookCard({ card }: { card: VisualCard }) {
  const { book } = card;
  return (
    <Link className="visual-card" to={`/visuals/${card.id}`}>
      {book.image ? (
        <img className="visual-card__cover" src={book.image} alt="" width={160} height={240} loading="lazy" decoding="async" />
      ) : (
        <span className="visual-card__cover" aria-hidden="true" />
      )}
      <span className="visual-card__text">
        <span className="visual-card__title">{book.title}</span>
        <span className="visual-card__author">{book.author}</span>
        <span className="visual-card__count">
          {card.count} {card.count === 1 ? 'slide' : 'slides'}
        </span>
      </span>
    </Link>
  );
}
