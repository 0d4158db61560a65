import { Link } from 'react-router';
import { withRedirect } from '@/lib/auth/redirect';
import { formatCents } from '@/lib/billing/money';
import { usePrice } from '@/lib/billing/price-api';
import { UPSELL_TITLE, type QuizMeta } from '../constants';

/**
 * The full report is sold (the quiz-results plans): members go to its checkout; visitors log in or
 * sign up first and come back here, their results with them.
 */
export function Upsell({ meta, planId, signedIn }: { meta: QuizMeta; planId: string; signedIn: boolean }) {
  // The price before checkout: a buyer knows what the report costs before leaving this page.
  const price = usePrice(planId, { retry: false });
  return (
    <section className="card quiz-upsell" aria-labelledby="quiz-upsell-title">
      <h2 id="quiz-upsell-title" className="quiz-section__title">
        {UPSELL_TITLE}
      </h2>
      <p>
        See how you score on every {meta.typeLabel.one}, what each one means for you and the books we recommend for each, on this page and as a PDF to keep.
      </p>
      {price.data ? (
        <p className="quiz-upsell__price">
          <strong data-testid="report-price">{formatCents(price.data.price)}</strong> one-time payment
        </p>
      ) : null}
      {signedIn ? (
        <div className="quiz-actions">
          <Link className="btn btn--primary btn--lg" to={`/payment/${encodeURIComponent(planId)}`}>
            Get your full report
          </Link>
        </div>
      ) : (
        <>
          <p>Log in or sign up first: your results come with you, and the report stays in your account.</p>
          <div className="quiz-actions">
            <Link className="btn btn--primary btn--lg" to={withRedirect('/login', meta.resultsPath)}>
              Log in
            </Link>
            <Link className="btn btn--secondary btn--lg" to={withRedirect('/signup', meta.resultsPath)}>
              Sign up
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
