import { useId } from 'react';
import type { ReferralStats } from '../api/types';
import { formatCents } from '@/lib/billing/money';
import { formatDate } from '@/lib/plan';

type Refer = ReferralStats['list'][number];

/** Where a referred member's money stands. */
export const REFER_STATUS_LABELS: Record<Refer['status'], string> = {
  none: 'Nothing yet',
  pending: 'Pending',
  available: 'Available',
};

/**
 * What the link brought: people who signed up through it, how many of them pay, and the money
 * credited, with what still waits out its refund window apart from what is available; then one
 * row per person (the spec's refers list): when they joined, whether they pay, what they earned
 * the member and whether it is pending or available. The server names nobody in it.
 */
export function ReferralStatsCard({ stats }: { stats: ReferralStats }) {
  const id = useId();
  const items = [
    { key: 'num', label: 'People referred', value: String(stats.num) },
    { key: 'paying', label: 'Paying', value: String(stats.paying) },
    { key: 'money', label: 'Earned', value: formatCents(stats.money) },
    { key: 'pending', label: 'Pending (refund window)', value: formatCents(stats.pendingCents) },
    { key: 'available', label: 'Available', value: formatCents(stats.availableCents) },
  ];
  return (
    <section className="card refer-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Your referrals
      </h2>
      <dl className="refer-stats">
        {items.map((item) => (
          <div key={item.key} className="refer-stats__item">
            <dt>{item.label}</dt>
            <dd data-testid={`referral-${item.key}`}>{item.value}</dd>
          </div>
        ))}
      </dl>
      {stats.list.length > 0 ? (
        <table className="refer-list">
          <caption>People who joined through your link{stats.list.length < stats.num ? `: the latest ${stats.list.length}` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Joined</th>
              <th scope="col">Premium</th>
              <th scope="col">Earned</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {stats.list.map((refer, index) => (
              <tr key={`${refer.joinedAt}-${index}`}>
                <td>{formatDate(refer.joinedAt)}</td>
                <td>{refer.paying ? 'Yes' : 'No'}</td>
                <td>{formatCents(refer.earnedCents)}</td>
                <td>
                  {REFER_STATUS_LABELS[refer.status]}
                  {refer.status === 'pending' && refer.pendingCents !== refer.earnedCents ? ` (${formatCents(refer.pendingCents)})` : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="refer-card__text">Nobody has joined through your link yet.</p>
      )}
    </section>
  );
}
