import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { dismissOffer, isOfferDismissed, isPaidCookie } from '@/lib/storage';
import './offer-banner.css';

const unchanging = () => () => {};

/**
 * The 40%-off banner. Dismissal lasts for the tab session (sessionStorage `40off` = `close`). A
 * prerendered page shows it (the build knows no visitor), so hydration starts from that and then
 * hides it for a paid or dismissing visitor.
 */
export function OfferBanner() {
  const hidden = useSyncExternalStore(
    unchanging,
    () => isOfferDismissed() || isPaidCookie(),
    () => false,
  );
  const [dismissed, setDismissed] = useState(false);
  if (hidden || dismissed) return null;
  return (
    <aside className="offer-banner" aria-label="Special offer">
      <p className="offer-banner__text">
        <span className="offer-banner__tag">Offer</span>
        Get 40% off Gistbook Premium — limited time
        <Link className="offer-banner__link" to="/try">
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
