import { useId } from 'react';
import type { ReferralStats } from '@/lib/api/types';
import { formatCents } from '@/lib/billing/money';

/**
 * What the link brought: people who signed up through it, how many of them pay, and the money
 * credited, with what still waits out its refund window apart from what is available.
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
    </section>
  );
}
