import { useState } from 'react';
import { Link } from 'react-router';
import type { SubscriptionView, User } from '@/lib/api/types';
import type { SubscriptionStatus } from '../api/types';
import { accountPlanName, formatDate } from '@/lib/plan';
import '../account.css';

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: 'Not started',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  paused: 'Paused',
  canceled: 'Canceled',
  incomplete_expired: 'Expired',
  expired: 'Expired',
};

const STATUS_BADGES: Record<SubscriptionStatus, string> = {
  incomplete: 'badge badge--warning',
  trialing: 'badge badge--success',
  active: 'badge badge--success',
  past_due: 'badge badge--warning',
  unpaid: 'badge badge--warning',
  paused: 'badge badge--warning',
  canceled: 'badge',
  incomplete_expired: 'badge',
  expired: 'badge',
};

function statusOf(subscription: SubscriptionView): SubscriptionStatus {
  return subscription.status;
}

/** "Renews on …" while it renews ("Trial ends on …" in the trial), "Ends on …" once renewal is off. */
export function renewalLine(subscription: SubscriptionView): string {
  const date = formatDate(subscription.periodEnd);
  if (!subscription.renews) return `Ends on ${date}`;
  return statusOf(subscription) === 'trialing' ? `Trial ends on ${date}` : `Renews on ${date}`;
}

function Header({ badge, label }: { badge: string; label: string }) {
  return (
    <div className="subscription__header">
      <h2 id="subscription-title" className="card__title">
        Subscription
      </h2>
      <span className={badge} data-testid="plan-status">
        {label}
      </span>
    </div>
  );
}

/**
 * The member's plan. A subscription (from /api/charge/subscription) shows its status, renewal or
 * end date, how it is paid and, while it renews, the way to cancel; other paid plans (lifetime,
 * codes) show the plan and its end; unpaid members get the Free Plan card (member spec, Account).
 */
export function SubscriptionCard({ user, subscription, now }: { user: User; subscription?: SubscriptionView | null; now?: number }) {
  // The clock is read once, when the card mounts (rendering stays pure).
  const [mountedAt] = useState(Date.now);
  const at = now ?? mountedAt;
  // Whether the member has Premium is the server's answer (`isPaid`), never worked out here.
  const active = user.isPaid;

  if (subscription && statusOf(subscription) !== 'expired' && (active || subscription.periodEnd > at)) {
    const status = statusOf(subscription);
    return (
      <section className="card subscription subscription--active" aria-labelledby="subscription-title">
        <Header badge={STATUS_BADGES[status]} label={STATUS_LABELS[status]} />
        <dl className="facts">
          <div>
            <dt>Plan</dt>
            <dd data-testid="plan-name">{subscription.planName}</dd>
          </div>
        </dl>
        <p className="subscription__line" data-testid="plan-renewal">
          {renewalLine(subscription)}
        </p>
        <p className="subscription__line">Paid with {subscription.paidWith === 'paypal' ? 'PayPal' : 'card'}</p>
        {status === 'past_due' || status === 'unpaid' || status === 'paused' ? (
          <p className="subscription__warning">
            {status === 'past_due'
              ? 'Your last payment did not go through. We will try again; your access continues meanwhile.'
              : 'Your payments stopped, and with them your Premium.'}{' '}
            {subscription.paidWith === 'card' ? <Link to="/account/payment-method">Update your card</Link> : 'Check the card in your PayPal wallet.'}
          </p>
        ) : null}
        {subscription.renews ? (
          <Link className="subscription__cancel" to="/cancel">
            Cancel subscription
          </Link>
        ) : null}
      </section>
    );
  }

  if (active) {
    const name = accountPlanName(user.planId);
    return (
      <section className="card subscription subscription--active" aria-labelledby="subscription-title">
        <Header badge="badge badge--success" label="Active" />
        <dl className="facts">
          <div>
            <dt>Plan</dt>
            <dd data-testid="plan-name">{name}</dd>
          </div>
          <div>
            <dt>{user.endPaidDate ? 'Until' : 'Access'}</dt>
            <dd data-testid="plan-end">{user.endPaidDate ? formatDate(user.endPaidDate) : 'Lifetime'}</dd>
          </div>
        </dl>
      </section>
    );
  }
  return (
    <section className="card subscription subscription--free" aria-labelledby="subscription-title">
      <Header badge="badge" label="Free Plan" />
      <p className="subscription__pitch">Upgrade to access unlimited summaries</p>
      <Link className="btn btn--primary btn--md" to="/try">
        Upgrade Now
      </Link>
    </section>
  );
}
