import { Spinner } from '@/components/Spinner';
import { useAdminPodcastFeed } from '../api/podcast-feed';
import { toDateTime } from '../format';
import { QueryError } from './AccessPages';
import '../podcast-feed-use.css';

const SCOPES: Record<string, string> = { library: 'Their library', all: 'All audio summaries' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The "Podcast feed" card of a member's page: on or off, what it holds, and its use this week. */
export function PodcastFeedUse({ userId }: { userId: number }) {
  const use = useAdminPodcastFeed(userId);
  const data = use.data;
  return (
    <section className="card admin-card podcast-feed-use" aria-labelledby="podcast-feed-use-title">
      <h2 id="podcast-feed-use-title" className="card__title">
        Podcast feed
      </h2>
      {use.isPending ? <Spinner label="Loading the podcast feed…" /> : null}
      {use.isError ? <QueryError error={use.error} /> : null}
      {data ? (
        <dl className="podcast-feed-use__facts">
          <div>
            <dt>Feed</dt>
            <dd>{data.feed.enabled ? 'On' : 'Off'}</dd>
          </div>
          <div>
            <dt>Holds</dt>
            <dd>{SCOPES[data.feed.scope] ?? data.feed.scope}</dd>
          </div>
          <div>
            <dt>Address made</dt>
            <dd>{data.feed.createdAt ? toDateTime(data.feed.createdAt) : '—'}</dd>
          </div>
          <div>
            <dt>Last fetched</dt>
            <dd>{data.feed.lastFetchedAt ? toDateTime(data.feed.lastFetchedAt) : 'Never'}</dd>
          </div>
          <div>
            <dt>Warnings for sharing</dt>
            <dd>{data.warnings}</dd>
          </div>
          <div>
            <dt>Last flagged</dt>
            <dd>{data.flaggedOn ?? 'Never'}</dd>
          </div>
          <div>
            <dt>Last 7 days</dt>
            <dd>
              {plural(data.downloads7Days, 'download', 'downloads')} from {plural(data.addresses7Days, 'address', 'addresses')} and{' '}
              {plural(data.userAgents7Days, 'podcast app', 'podcast apps')}
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
