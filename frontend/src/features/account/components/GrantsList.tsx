import type { GrantView } from '../api/types';
import { formatDate } from '@/lib/plan';
import { useGrants } from '../api/get-grants';

/** "Premium Lifetime · for life", "Gift: one year of Premium · until March 3, 2027". */
export function grantLine(grant: Pick<GrantView, 'planName' | 'endsAt'>): string {
  return `${grant.planName} · ${grant.endsAt === null ? 'for life' : `until ${formatDate(grant.endsAt)}`}`;
}

/**
 * What gives the member Premium now: each purchase, gift, seat or code on its own line (access is
 * their union), shown when there is more than the plan card says.
 */
export function GrantsList() {
  const grants = useGrants();
  const live = (grants.data?.grants ?? []).filter((grant) => grant.live);
  if (live.length === 0) return null;
  return (
    <section className="card" aria-labelledby="grants-title">
      <h2 id="grants-title" className="card__title">
        Your Premium
      </h2>
      <ul className="grants" data-testid="grants">
        {live.map((grant) => (
          <li key={`${grant.source}-${grant.planId}-${grant.startsAt}`}>{grantLine(grant)}</li>
        ))}
      </ul>
    </section>
  );
}
