import { Link } from 'react-router';
import type { PlanView } from '@/lib/api/types';
import type { SiteOffer } from '../api/types';
import { priceAfterOffer } from '../api/offer';
import { formatCents, periodLabel, trialLabel } from '../money';
import './pricing.css';

/** What a plan gives, in a line under its price. */
function pitch(plan: PlanView, monthly: PlanView | undefined): string {
  if (plan.kind === 'lifetime') return 'Pay once and read every summary, forever.';
  if (plan.interval === 'year') {
    const perMonth = formatCents(Math.round(plan.price / 12));
    return `Just ${perMonth} a month, billed once a year.`;
  }
  if (monthly && plan.id === monthly.id) return 'Full access, billed monthly. Cancel any time.';
  return 'Full access. Cancel any time.';
}

/** The saving of a yearly plan over twelve monthly payments, in whole percent (or null). */
export function yearlySaving(plan: PlanView, monthly: PlanView | undefined): number | null {
  if (plan.interval !== 'year' || !monthly || monthly.price <= 0) return null;
  const saving = Math.round((1 - plan.price / (monthly.price * 12)) * 100);
  return saving > 0 ? saving : null;
}

export function PlanCard({
  plan,
  monthly,
  featured = false,
  offer = null,
}: {
  plan: PlanView;
  monthly?: PlanView;
  featured?: boolean;
  /** The claimed site offer, when it applies to this plan: the price is shown struck through. */
  offer?: SiteOffer | null;
}) {
  const trial = trialLabel(plan);
  const saving = yearlySaving(plan, monthly);
  const titleId = `plan-${plan.id}-title`;
  return (
    <li className={featured ? 'plan-card plan-card--featured' : 'plan-card'}>
      <div className="plan-card__head">
        <h2 id={titleId} className="plan-card__name">
          {plan.name}
        </h2>
        {saving ? <span className="badge badge--success">Save {saving}%</span> : null}
        {featured && !saving ? <span className="badge">Most popular</span> : null}
      </div>
      <p className="plan-card__price">
        {offer ? (
          <>
            <s className="plan-card__was">
              <span className="visually-hidden">Was </span>
              {formatCents(plan.price)}
            </s>{' '}
            <span className="plan-card__amount" data-testid={`price-${plan.id}`}>
              <span className="visually-hidden">now </span>
              {formatCents(priceAfterOffer(plan.price, offer))}
            </span>
          </>
        ) : (
          <span className="plan-card__amount" data-testid={`price-${plan.id}`}>
            {formatCents(plan.price)}
          </span>
        )}{' '}
        <span className="plan-card__period">{periodLabel(plan)}</span>
      </p>
      <p className="plan-card__trial">{trial ?? 'No trial: lifetime access starts at once'}</p>
      <p className="plan-card__pitch">{pitch(plan, monthly)}</p>
      <Link
        className={featured ? 'btn btn--primary btn--lg btn--block' : 'btn btn--secondary btn--lg btn--block'}
        to={`/payment/${encodeURIComponent(plan.id)}`}
      >
        {trial ? 'Start free trial' : 'Buy lifetime access'} <span className="visually-hidden">with {plan.name}</span>
      </Link>
    </li>
  );
}
