import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/form/use-form-status';
import { errorMessage } from '@/lib/api/client';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { usePlans } from '../api/plans';
import { useQuote } from '../api/quote';
import { QuantityField } from '../components/QuantityField';
import { formatCents, quantityProblem } from '../money';
import '../components/offer.css';

/** The bulk plan's checkout with the seats chosen here. */
export function teamCheckoutPath(planId: string, quantity: number): string {
  return `/payment/${encodeURIComponent(planId)}?quantity=${quantity}`;
}

/**
 * /teams: Gistbook for teams. Who it is for, the price of a seat (the server's `bulk` plan), how
 * many seats (20 to 200, 'Please choose a quantity >= 20') and on to the checkout.
 */
export default function TeamsRoute() {
  const plans = usePlans();
  const navigate = useNavigate();
  const signedIn = useIsAuthenticated();
  useDocumentTitle('Gistbook for teams');
  const bulk = plans.data?.plans.find((plan) => plan.kind === 'bulk');
  const [typed, setTyped] = useState<string | null>(null);
  const { message, showError, clearError } = useFormAlert();

  const value = typed ?? String(bulk?.minQuantity ?? 20);
  const problem = bulk ? quantityProblem(bulk, value) : null;
  const quantity = Number(value);
  // The server's total for the seats as typed (once the number is one it sells).
  const quote = useQuote({ planId: bulk?.id ?? 'bulk', quantity: problem ? null : quantity }, { enabled: Boolean(bulk) && !problem });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    if (!bulk) return;
    if (problem) {
      showError(problem);
      return;
    }
    void navigate(teamCheckoutPath(bulk.id, quantity));
  };

  return (
    <div className="page offer">
      <header className="offer__hero">
        <h1 className="page__title">Gistbook for teams</h1>
        <p className="page__lead">Give your whole team the key ideas of the best non-fiction books, in 15 minutes a day.</p>
      </header>
      <div className="offer__grid">
        <div>
          <section className="offer__section" aria-labelledby="teams-who">
            <h2 id="teams-who" className="offer__section-title">
              Who it is for
            </h2>
            <ul className="offer__points">
              <li>Companies that want their people learning a little every day: leadership, productivity, psychology, business and more.</li>
              <li>Managers, learning and development teams, and founders buying for 20 to 200 people at once.</li>
              <li>Schools, clubs and communities that read together.</li>
            </ul>
          </section>
          <section className="offer__section" aria-labelledby="teams-how">
            <h2 id="teams-how" className="offer__section-title">
              How it works
            </h2>
            <ol className="offer__steps">
              <li>Choose how many seats and pay once, by card or PayPal. Nothing renews.</li>
              <li>Each seat is a code worth a year of Premium. We e-mail you the codes.</li>
              <li>Hand them out yourself or invite colleagues by e-mail, and follow who joined. A seat nobody used can be revoked and replaced.</li>
            </ol>
          </section>
          {signedIn ? (
            <p className="offer__section">
              Bought seats already? <Link to="/teams/manage">Manage your team</Link>
            </p>
          ) : null}
        </div>
        <section className="card offer__card" aria-labelledby="teams-seats">
          <h2 id="teams-seats" className="card__title">
            {bulk?.name ?? 'Team seats'}
          </h2>
          {plans.isPending ? <Spinner inline label="Loading the price…" /> : null}
          {plans.error ? <Alert tone="error">{errorMessage(plans.error)}</Alert> : null}
          {bulk ? (
            <form className="form offer__card" onSubmit={onSubmit} noValidate aria-label="Team seats">
              <p className="offer__price">
                <span className="offer__amount" data-testid="seat-price">
                  {formatCents(bulk.price)}
                </span>{' '}
                <span className="offer__unit">per seat, one year</span>
              </p>
              {message ? <Alert tone="warning">{message}</Alert> : null}
              <QuantityField value={value} onChange={setTyped} min={bulk.minQuantity} max={bulk.maxQuantity} unitPrice={bulk.price} />
              <p className="offer__total" aria-live="polite" data-testid="seats-total">
                {!problem && quote.data ? `${quote.data.quantity} seats: ${formatCents(quote.data.total)}` : '\u00a0'}
              </p>
              <Button type="submit" size="lg" block>
                Continue to checkout
              </Button>
            </form>
          ) : null}
        </section>
      </div>
    </div>
  );
}
