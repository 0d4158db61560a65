import { useState } from 'react';
import { Link } from 'react-router';
import type { User } from '@/lib/api/types';
import { formatDate, isPlanActive, planName } from '@/lib/plan';
import '../account.css';

export function SubscriptionCard({ user, now }: { user: User; now?: number }) {
  // The clock is read once, when the card mounts (rendering stays pure).
  const [mountedAt] = useState(Date.now);
  const active = isPlanActive(user, now ?? mountedAt);
  if (active) {
    const name = planName(user.planId);
    return (
      <section className="card subscription subscription--active" aria-labelledby="subscription-title">
        <div className="subscription__header">
          <h2 id="subscription-title" className="card__title">
            Subscription
          </h2>
          <span className="badge badge--success">Active</span>
        </div>
        <dl className="facts">
          <div>
            <dt>Plan</dt>
            <dd data-testid="plan-name">{name}</dd>
          </div>
          <div>
            <dt>{name === 'Lifetime' ? 'Access' : 'Ends on'}</dt>
            <dd data-testid="plan-end">{user.endPaidDate ? formatDate(user.endPaidDate) : 'Never expires'}</dd>
          </div>
        </dl>
      </section>
    );
  }
  return (
    <section className="card subscription subscription--free" aria-labelledby="subscription-title">
      <div className="subscription__header">
        <h2 id="subscription-title" className="card__title">
          Subscription
        </h2>
        <span className="badge">Free Plan</span>
      </div>
      <p className="subscription__pitch">Upgrade to access unlimited summaries</p>
      <Link className="btn btn--primary btn--md" to="/try">
        Upgrade Now
      </Link>
    </section>
  );
}
