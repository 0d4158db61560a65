import { useId } from 'react';
import { CopyLinkField } from '@/components/CopyLinkField';
import type { AffiliateView } from '../api/types';
import { formatCents } from '@/lib/billing/money';
import { COMMISSION } from '../constants';

/** An approved affiliate's page: the link to share and what it brought (people, earned, pending, paid out, available). */
export function AffiliateDashboard({ affiliate }: { affiliate: AffiliateView }) {
  const id = useId();
  const figures = [
    { key: 'referred', label: 'People referred', value: String(affiliate.referred) },
    { key: 'earned', label: 'Earned', value: formatCents(affiliate.earnedCents) },
    { key: 'pending', label: 'Pending (refund window)', value: formatCents(affiliate.pendingCents) },
    { key: 'paid', label: 'Paid out', value: formatCents(affiliate.paidOutCents) },
    { key: 'balance', label: 'Available', value: formatCents(affiliate.balanceCents) },
  ];
  return (
    <div className="affiliate-grid">
      <section className="card affiliate-card" aria-labelledby={`${id}-link`}>
        <h2 id={`${id}-link`} className="card__title">
          Your affiliate link
        </h2>
        {affiliate.link ? (
          <CopyLinkField label="Your affiliate link" link={affiliate.link} />
        ) : (
          <p className="affiliate-card__text">Your link is on its way: look again in a few minutes.</p>
        )}
        <p className="affiliate-card__text">
          Share it anywhere. {COMMISSION} of every Premium purchase made through it is credited to you; we pay your available balance every month to{' '}
          {affiliate.email}. A credit becomes available 30 days after the purchase, once it can no longer be refunded.
        </p>
      </section>
      <section className="card affiliate-card" aria-labelledby={`${id}-figures`}>
        <h2 id={`${id}-figures`} className="card__title">
          Your earnings
        </h2>
        <dl className="affiliate-figures">
          {figures.map((figure) => (
            <div key={figure.key} className="affiliate-figures__item">
              <dt>{figure.label}</dt>
              <dd data-testid={`affiliate-${figure.key}`}>{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
