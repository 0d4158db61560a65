import type { PlanView } from '@/lib/api/types';
import type { QuoteResult } from '../api/types';
import { formatDate } from '@/lib/plan';
import { ADD_ONS, formatCents, intervalNoun, isSubscription, periodLabel, trialLabel } from '../money';
import './checkout.css';

interface CartProps {
  plan: PlanView;
  quote: QuoteResult | undefined;
  /** The quote being fetched again after a change. */
  updating: boolean;
  quoteError: string | null;
  addInfographics: number;
  /** Seats or gifts, as the server quoted them; 1 otherwise. */
  quantity?: number;
  trialEndsAt: number;
}

/** The order: the plan, its trial, add-ons, the coupon and the server's total. */
export function Cart({ plan, quote, updating, quoteError, addInfographics, quantity = 1, trialEndsAt }: CartProps) {
  const trial = trialLabel(plan);
  const addOn = ADD_ONS.find((a) => a.count === addInfographics);
  const total = quote ? formatCents(quote.total) : null;
  // A subscription renews at its own price; add-ons are paid once, at the start.
  const renewal = quote?.recurring != null ? formatCents(quote.recurring) : total;
  const oneTime = quote?.recurring != null ? quote.total - quote.recurring : 0;
  return (
    <section className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title" className="cart__title">
        Your order
      </h2>
      <dl className="cart__lines">
        <div>
          <dt>{plan.name}</dt>
          <dd>
            {formatCents(quote?.unitPrice ?? plan.price)}
            {isSubscription(plan) ? periodLabel(plan) : null}
            {quantity > 1 ? ' each' : null}
          </dd>
        </div>
        {quantity > 1 ? (
          <div>
            <dt>{plan.kind === 'bulk' ? `${quantity} seats` : `x ${quantity}`}</dt>
            <dd>{formatCents((quote?.unitPrice ?? plan.price) * quantity)}</dd>
          </div>
        ) : null}
        {trial ? (
          <div className="cart__trial">
            <dt>{trial}</dt>
            <dd>{formatCents(0)} today</dd>
          </div>
        ) : null}
        {addOn && addOn.count > 0 ? (
          <div>
            <dt>{addOn.label}</dt>
            <dd>{formatCents(quote?.addOnPrice ?? addOn.price)}</dd>
          </div>
        ) : null}
        {quote && quote.discount > 0 ? (
          <div className="cart__discount">
            <dt>{quote.percentOff > 0 ? `Coupon (${quote.percentOff}% off)` : 'Coupon'}</dt>
            <dd>−{formatCents(quote.discount)}</dd>
          </div>
        ) : null}
        <div className="cart__total">
          <dt>Total</dt>
          <dd data-testid="cart-total" aria-live="polite" aria-busy={updating || undefined}>
            {total ?? (quoteError ? '—' : 'Calculating…')}
          </dd>
        </div>
      </dl>
      {quoteError ? (
        <p className="cart__error" role="alert">
          {quoteError}
        </p>
      ) : null}
      {total && trial ? (
        <p className="cart__note">
          {oneTime > 0 ? `${formatCents(oneTime)} today for the add-on. ` : 'Nothing to pay today. '}
          After your {trial}, {renewal} is charged on {formatDate(trialEndsAt)}, then every {intervalNoun(plan)} until you cancel.
        </p>
      ) : null}
      {total && !trial && isSubscription(plan) ? (
        <p className="cart__note">
          Renews at {renewal} every {intervalNoun(plan)} until you cancel{oneTime > 0 ? '; the add-on is paid once' : ''}.
        </p>
      ) : null}
      {total && plan.kind === 'lifetime' ? <p className="cart__note">One payment, no renewals.</p> : null}
      {total && plan.kind === 'gift' ? (
        <p className="cart__note">
          {quantity > 1
            ? `One payment. Each of the ${quantity} gift codes gives a year of Premium and never expires.`
            : 'One payment. The gift code gives a year of Premium and never expires.'}
        </p>
      ) : null}
      {total && plan.kind === 'bulk' ? <p className="cart__note">One payment. Each seat's code gives one person a year of Premium.</p> : null}
      {total && plan.kind === 'book' ? <p className="cart__note">One payment. The summary downloads as a PDF once paid.</p> : null}
      {total && plan.kind === 'quiz' ? <p className="cart__note">One payment. Your full report opens on your results page once paid.</p> : null}
    </section>
  );
}
