import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { AffiliateView } from '../api/types';

export const THANKS_TITLE = 'Thanks for applying!';

/**
 * A pending application: thanks, and that we review it and write. Just sent, the heading takes the
 * focus so that the change from the form is announced.
 */
export function ApplicationPending({ affiliate, justApplied }: { affiliate: AffiliateView; justApplied: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justApplied) heading.current?.focus();
  }, [justApplied]);
  return (
    <section className="card affiliate-card affiliate-pending" role="status">
      <span className="affiliate-pending__icon" aria-hidden="true">
        ✓
      </span>
      <h2 className="card__title affiliate-pending__title" tabIndex={-1} ref={heading}>
        {THANKS_TITLE}
      </h2>
      <p>
        Your application is pending review. We will write to <strong>{affiliate.email}</strong> once we have looked at it, usually within a few working days.
      </p>
      <Link className="btn btn--ghost btn--md" to="/books">
        Back to the books
      </Link>
    </section>
  );
}
