import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { offerAmount, useSiteOffer } from '@/features/billing/api/offer';
import { dismissOffer, isOfferDismissed, isPaidCookie } from '@/lib/storage';

const unchanging = () => () => {};

/** "November 30" (the offer's last day, in UTC as the server keeps it). */
function lastDay(endsAt: number): string {
  return new Date(endsAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Pages where a purchase is under way or done: no offer there. */
export function isCheckoutPath(pathname: string): boolean {
  return pathname === '/payment' || pathname.startsWith('/payment/');
}

/**
 * The site offer's banner: shown only while the server has a running offer (a coupon an operator
 * marked in the back office), with its real amount and last day, never to a paid member or during
 * checkout. "Claim offer" opens pricing with the coupon applied. Dismissal lasts for the tab
 * session (sessionStorage `40off` = `close`).
 */
export function OfferBanner() {
  const { pathname } = useLocation();
  const offer = useSiteOffer().data?.offer ?? null;
  const hidden = useSyncExternalStore(
    unchanging,
    () => isOfferDismissed() || isPaidCookie(),
    () => true,
  );
  const [dismissed, setDismissed] = useState(false);
  if (!offer || hidden || dismissed || isCheckoutPath(pathname)) return null;
  return (
    <aside className="offer-banner" aria-label="Special offer">
      <p className="offer-banner__text">
        <span className="offer-banner__tag">Offer</span>
        Get {offerAmount(offer)} off Gistbook Premium
        {offer.endsAt ? ` — until ${lastDay(offer.endsAt)}` : ''}
        <Link className="offer-banner__link" to={`/pricing?offer=${encodeURIComponent(offer.code)}`}>
          Claim offer
        </Link>
      </p>
      <button
        type="button"
        className="offer-banner__close"
        aria-label="Dismiss offer"
        onClick={() => {
          dismissOffer();
          setDismissed(true);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
