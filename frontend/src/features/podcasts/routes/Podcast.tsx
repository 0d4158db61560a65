import { Link, useLocation, useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { withRedirect } from '@/lib/auth/redirect';
import type { PodcastView } from '../api/types';
import { usePodcast } from '../api/podcasts';
import { minutes } from '../format';
import '../podcasts.css';

export const LOCKED_TITLE = 'Listen with Premium';

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/** /podcasts/{id}: the podcast (title, author, description, cover) and its player, or the way to Premium when the audio is locked. */
export default function PodcastRoute() {
  const { id = '' } = useParams();
  const podcast = usePodcast(id);
  useDocumentTitle(podcast.data?.title ?? 'Podcast');
  const valid = /^\d+$/.test(id) && Number(id) > 0;

  if (!valid || (podcast.isError && isNotFound(podcast.error))) {
    return (
      <div className="page page--narrow page--center">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page__title">Podcast not found</h1>
        <p className="page__lead">This podcast does not exist or has moved.</p>
        <Link className="btn btn--primary btn--md" to="/podcasts">
          See all podcasts
        </Link>
      </div>
    );
  }

  return (
    <div className="page podcast">
      <p className="podcast__back">
        <Link to="/podcasts">← All podcasts</Link>
      </p>
      {podcast.isPending ? <Spinner label="Loading the podcast…" /> : null}
      {podcast.isError ? (
        <div className="podcasts__state" role="alert">
          <p>{errorMessage(podcast.error)}</p>
          <button type="button" className="btn btn--primary btn--md" onClick={() => void podcast.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {podcast.data ? <PodcastPage podcast={podcast.data} /> : null}
    </div>
  );
}

function PodcastPage({ podcast }: { podcast: PodcastView }) {
  return (
    <article className="podcast__article" aria-labelledby="podcast-title">
      <div className="podcast__head">
        {podcast.imageUrl ? (
          <img className="podcast__cover" src={podcast.imageUrl} alt={`Cover of ${podcast.title}`} />
        ) : (
          <span className="podcast__cover" aria-hidden="true" />
        )}
        <div className="podcast__intro">
          <h1 id="podcast-title" className="page__title">
            {podcast.title}
          </h1>
          <p className="podcast__author">
            by {podcast.author}
            {podcast.mins > 0 ? <span className="podcast__mins"> · {minutes(podcast.mins)}</span> : null}
          </p>
          <Listen podcast={podcast} />
        </div>
      </div>
      {podcast.description ? (
        <section className="podcast__section" aria-labelledby="podcast-about">
          <h2 id="podcast-about" className="podcast__heading">
            About this episode
          </h2>
          <p className="podcast__text">{podcast.description}</p>
        </section>
      ) : null}
      {podcast.authorDesc ? (
        <section className="podcast__section" aria-labelledby="podcast-author">
          <h2 id="podcast-author" className="podcast__heading">
            About {podcast.author}
          </h2>
          <p className="podcast__text">{podcast.authorDesc}</p>
        </section>
      ) : null}
    </article>
  );
}

/** The player with the signed link; the upgrade prompt when the audio is Premium's; a note when there is none yet. */
function Listen({ podcast }: { podcast: PodcastView }) {
  const signedIn = useIsAuthenticated();
  const location = useLocation();
  if (podcast.mediaUrl) {
    return (
      <audio className="podcast__player" controls preload="metadata" src={podcast.mediaUrl} aria-label={`Listen to ${podcast.title}`}>
        <a href={podcast.mediaUrl}>Download the episode</a>
      </audio>
    );
  }
  if (podcast.locked) {
    return (
      <section className="podcast__locked" aria-labelledby="podcast-locked">
        <h2 id="podcast-locked" className="podcast__heading">
          {LOCKED_TITLE}
        </h2>
        <p>This episode is for Premium members. Upgrade to listen to every podcast and summary.</p>
        <div className="podcast__actions">
          <Link className="btn btn--primary btn--md" to="/try">
            Upgrade to Premium
          </Link>
          {signedIn ? null : (
            <Link className="btn btn--secondary btn--md" to={withRedirect('/login', location.pathname)}>
              Log in
            </Link>
          )}
        </div>
      </section>
    );
  }
  return <p className="podcast__none">The audio of this episode is coming soon.</p>;
}
