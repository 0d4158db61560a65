import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { usePlans } from '../api/plans';
import { formatCents } from '../money';
import '../components/offer.css';

/** Where the gift card is bought (back-office spec: the gift card variant of the gift checkout). */
export const GIFT_CHECKOUT_PATH = '/payment/gift?gift=true';

/**
 * /giftcard: the gift card's page (back-office spec §2): one year of Premium for a one-time price
 * (the server's `gift` plan), linking to the gift checkout.
 */
export default function GiftCardRoute() {
  const plans = usePlans();
  useDocumentTitle('Gift card');
  const gift = plans.data?.plans.find((plan) => plan.kind === 'gift');

  return (
    <div className="page offer">
      <header className="offer__hero">
        <h1 className="page__title">Give a year of great ideas</h1>
        <p className="page__lead">
          A Gistbook gift card is one year of Premium: the key ideas of the best non-fiction in 15 minutes, to read, listen to or watch.
        </p>
      </header>
      <div className="offer__grid">
        <div>
          <section className="offer__section" aria-labelledby="gift-what">
            <h2 id="gift-what" className="offer__section-title">
              What they get
            </h2>
            <ul className="offer__points">
              <li>Every book summary in full, with audio, visual summaries and video.</li>
              <li>New summaries every week, and their reading progress, library and streaks.</li>
              <li>One year of Premium from the day they redeem it. The gift card itself never expires.</li>
            </ul>
          </section>
          <section className="offer__section" aria-labelledby="gift-how">
            <h2 id="gift-how" className="offer__section-title">
              How it works
            </h2>
            <ol className="offer__steps">
              <li>Pay once, by card or PayPal. No subscription, nothing renews.</li>
              <li>Add their name, e-mail and a message, and we e-mail them the gift code. Or leave their e-mail blank and we send it to you to hand on.</li>
              <li>They redeem the code on their Gistbook account, or create one with it.</li>
            </ol>
          </section>
        </div>
        <section className="card offer__card" aria-labelledby="gift-plan">
          <h2 id="gift-plan" className="card__title">
            {gift?.name ?? 'One year of Premium'}
          </h2>
          {plans.isPending ? <Spinner inline label="Loading the price…" /> : null}
          {plans.error ? <Alert tone="error">{errorMessage(plans.error)}</Alert> : null}
          {gift ? (
            <p className="offer__price">
              <span className="offer__amount" data-testid="gift-price">
                {formatCents(gift.price)}
              </span>{' '}
              <span className="offer__unit">one-time payment</span>
            </p>
          ) : null}
          <p className="offer__note">One year of Premium for one person, delivered by e-mail.</p>
          <Link className="btn btn--primary btn--lg btn--block" to={GIFT_CHECKOUT_PATH}>
            Buy a gift card
          </Link>
        </section>
      </div>
    </div>
  );
}
