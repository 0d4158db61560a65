import { Link } from 'react-router';
import type { RedeemResult } from '../api/types';
import { formatDate } from '@/lib/plan';
import { RedeemDone } from './RedeemDone';
import { RedeemForm } from './RedeemForm';
import '../account.css';

/** What a redeemed code gave, in a sentence. */
export function redeemedLine(result: RedeemResult): string {
  return result.endPaidDate
    ? `Your code has been activated: Premium until ${formatDate(result.endPaidDate)}.`
    : 'Your code has been activated: Premium for life.';
}

/** The account's "Redeem a code" box: gift and team seat codes (POST /api/user/redeem). */
export function RedeemCard() {
  return (
    <section className="card redeem" aria-labelledby="redeem-title">
      <h2 id="redeem-title" className="card__title">
        Redeem a code
      </h2>
      <RedeemForm
        kind="any"
        label="Gift or team code"
        hint="Any Gistbook code: a gift card, a seat your team gave you, or a StackSocial code adds Premium to this account."
        success={(result) => (
          <RedeemDone>
            <p>{redeemedLine(result)}</p>
          </RedeemDone>
        )}
      />
      <p className="redeem__more">
        Bought Premium on StackSocial? <Link to="/stacksocial">Redeem your StackSocial code</Link>
      </p>
    </section>
  );
}
