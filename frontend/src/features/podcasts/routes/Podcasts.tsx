import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { PodcastCard } from '../api/types';
import { usePodcasts } from '../api/podcasts';
import { minutes } from '../format';
import '../podcasts.css';

/** /podcasts: every podcast as a card leading to its player page. */
export default function PodcastsRoute() {
  const podcasts = usePodcasts();
  useDocumentTitle('Podcasts');
  return (
    <div className="page podcasts">
      <header className="page__header">
        <h1 className="page__title">Podcasts</h1>
        <p className="page__lead">Conversations about big ideas and the books behind them.</p>
      </header>
      {podcasts.isPending ? <Spinner label="Loading podcasts…" /> : null}
      {podcasts.isError ? (
        <div className="podcasts__state" role="alert">
          <p>{errorMessage(podcasts.error)}</p>
          <button type="button" className="btn btn--primary btn--md" onClick={() => void podcasts.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {podcasts.data && podcasts.data.length === 0 ? (
        <div className="podcasts__state">
          <h2>No podcasts yet</h2>
          <p>New episodes are on their way. In the meantime, read or listen to a summary.</p>
          <Link className="btn btn--primary btn--md" to="/books">
            Browse the summaries
          </Link>
        </div>
      ) : null}
      {podcasts.data && podcasts.data.length > 0 ? (
        <ul className="podcast-grid" aria-label="Podcasts">
          {podcasts.data.map((podcast) => (
            <li key={podcast.id}>
              <PodcastTile podcast={podcast} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PodcastTile({ podcast }: { podcast: PodcastCard }) {
  return (
    <article className="podcast-card">
      {podcast.imageUrl ? (
        <img className="podcast-card__cover" src={podcast.imageUrl} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="podcast-card__cover" aria-hidden="true" />
      )}
      <div className="podcast-card__body">
        <h2 className="podcast-card__title">
          <Link className="podcast-card__link" to={`/podcasts/${podcast.id}`}>
            {podcast.title}
          </Link>
        </h2>
        <p className="podcast-card__author">{podcast.author}</p>
        <p className="podcast-card__text">{podcast.description}</p>
        <p className="podcast-card__meta">
          {podcast.mins > 0 ? minutes(podcast.mins) : null}
          {podcast.mins > 0 && podcast.hasAudio ? ' · ' : null}
          {podcast.hasAudio ? 'Audio' : 'Audio coming soon'}
        </p>
      </div>
    </article>
  );
}
