import type { RefObject } from 'react';
import { Spinner } from '@/components/Spinner';
import type { CardStatus } from '../hooks/use-stripe-card';
import './checkout.css';

/**
 * Where Stripe.js mounts its card Element (its own labelled inputs, in Stripe's frame or, with the
 * local stand-in, in the page), named for assistive technology by the group's label.
 */
export function CardFields({ containerRef, status, error }: { containerRef: RefObject<HTMLDivElement | null>; status: CardStatus; error: string | null }) {
  return (
    <div className="card-fields" role="group" aria-labelledby="card-fields-label">
      <p id="card-fields-label" className="field__label">
        Card details
      </p>
      {status === 'loading' ? <Spinner inline label="Loading the secure card form…" /> : null}
      {status === 'failed' ? (
        <p className="card-fields__error" role="alert">
          The card form could not be loaded. Check your connection and reload the page, or pay with PayPal.
        </p>
      ) : null}
      <div ref={containerRef} className="card-fields__element" hidden={status !== 'ready'} data-testid="card-element" />
      {error ? (
        <p className="card-fields__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="field__hint">Card payments are processed securely by Stripe. We never see your card number.</p>
    </div>
  );
}
