import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { claimOffer, claimedOfferCode } from '@/lib/storage';
import { offerAmount, offerAppliesTo, useSiteOffer } from '../api/offer';
import { usePlans } from '../api/plans';
import { useStanding } from '../api/standing';
import { Comparison } from '../components/Comparison';
import { Faq } from '../components/Faq';
import { PlanCard } from '../components/PlanCard';
import { isOnPricingPage } from '../money';
import '../components/pricing.css';

export const LIMIT_REACHED_TITLE = 'You have used up your free summaries';

/** /try and /pricing (the same page); /pricing?limit_reached=yes says why the member is here. */
export default function PricingRoute() {
  const [params] = useSearchParams();
  const limitReached = params.get('limit_reached') === 'yes';
  const plans = usePlans();
  // A member with Premium for life is told so here, before any checkout.
  const forLife = useStanding('lifetime', { enabled: useIsAuthenticated() }).data?.refusal?.code === 'already_for_life';
  useDocumentTitle('Pricing');
  // "Claim offer" (the banner) lands here with the offer's code: it is kept for checkout, and the
  // plans it applies to show their price after it.
  const running = useSiteOffer().data?.offer ?? null;
  const claimedNow = params.get('offer');
  const offer = running && (claimedNow === running.code || claimedOfferCode() === running.code) ? running : null;
  useEffect(() => {
    if (offer && claimedNow === offer.code) claimOffer(offer.code);
  }, [offer, claimedNow]);

  const offered = (plans.data?.plans ?? []).filter(isOnPricingPage);
  const monthly = offered.find((plan) => plan.interval === 'month');

  return (
    <div className="page pricing">
      {limitReached ? (
        <Alert tone="warning" title={LIMIT_REACHED_TITLE}>
          Your 3 free summaries are unlocked and read. Choose a plan to keep reading every summary, with audio, visuals and video.
        </Alert>
      ) : null}
      {forLife ? (
        <Alert tone="info" title="You have Premium for life">
          There is nothing more to buy for yourself. To share Gistbook, <Link to="/giftcard">give a year of Premium</Link>.
        </Alert>
      ) : null}
      {offer ? (
        <Alert tone="success" title="Offer applied">
          {offerAmount(offer)} off with coupon {offer.code}: checkout applies it for you.
        </Alert>
      ) : null}
      <header className="pricing__header">
        <h1 className="page__title">Unlock every book summary</h1>
        <p className="page__lead">Key ideas from the best non-fiction in 15 minutes: read, listen, or watch. Start with a 3-day free trial.</p>
      </header>
      {plans.isPending ? <Spinner label="Loading the plans…" /> : null}
      {plans.error ? <Alert tone="error">{errorMessage(plans.error)}</Alert> : null}
      {offered.length > 0 ? (
        <ul className="pricing__plans" aria-label="Plans">
          {offered.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              monthly={monthly}
              featured={plan.interval === 'year'}
              offer={offer && offerAppliesTo(offer, plan.id) ? offer : null}
            />
          ))}
        </ul>
      ) : null}
      {/* Below the plans only once they are drawn (or failed): drawn earlier, the comparison and
          the questions were pushed down a screen's height on a phone when the plans arrived
          (Lighthouse: a layout shift of 0.52). */}
      {plans.isPending ? null : (
        <>
          <Comparison />
          <Faq />
        </>
      )}
    </div>
  );
}
