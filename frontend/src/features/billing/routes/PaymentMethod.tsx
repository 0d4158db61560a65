import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/form/use-form-status';
import { errorMessage } from '@/lib/api/client';
import type { CardUpdateResult } from '../api/types';
import { formatDate } from '@/lib/plan';
import { finishCardUpdate, startCardUpdate } from '../api/card-update';
import { usePaymentSettings } from '../api/settings';
import { CardFields } from '../components/CardFields';
import { useStripeCard } from '../hooks/use-stripe-card';
import { CARD_INVALID_MESSAGE, CHECKOUT_ERROR_MESSAGE } from '../messages';
import '../components/checkout.css';

/**
 * /account/payment-method: a new card for the member's subscription (the "payment failed" mail
 * links here). Stripe.js saves the card in the browser (3-D Secure included); the server makes it
 * the subscription's and retries an unpaid renewal with it.
 */
export default function PaymentMethodRoute() {
  useDocumentTitle('Update your card');
  const settings = usePaymentSettings();
  const queryClient = useQueryClient();
  const enabled = Boolean(settings.data?.card && settings.data.stripePublishableKey);
  const stripeCard = useStripeCard(enabled, settings.data?.stripeJsUrl ?? '', settings.data?.stripePublishableKey ?? null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<CardUpdateResult | null>(null);
  const { message, showError, clearError } = useFormAlert();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    const mounted = stripeCard.current();
    if (!mounted) {
      showError(CARD_INVALID_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      const setup = await startCardUpdate();
      const saved = await mounted.stripe.confirmCardSetup(setup.clientSecret, { payment_method: { card: mounted.card } });
      if (saved.error) {
        showError(saved.error.message || CARD_INVALID_MESSAGE);
        return;
      }
      const result = await finishCardUpdate(setup.setupIntentId);
      // The member's access may have come back: everything about them is stale.
      void queryClient.invalidateQueries();
      setDone(result);
    } catch (error) {
      showError(errorMessage(error, CHECKOUT_ERROR_MESSAGE));
    } finally {
      setBusy(false);
    }
  };

  if (settings.error) return <Problem message={errorMessage(settings.error)} />;
  if (!settings.data) {
    return (
      <div className="page page--center">
        <Spinner label="Loading…" />
      </div>
    );
  }
  if (!enabled) return <Problem message="Card payments are not available right now. Please try again later." />;

  return (
    <div className="page page--narrow">
      <p className="checkout__back">
        <Link to="/account">← Account</Link>
      </p>
      <h1 className="page__title">Update your card</h1>
      {done ? (
        <Alert tone={done.paymentDeclined ? 'warning' : 'success'}>
          {done.paymentDeclined
            ? `Your new card is saved, but the payment was declined: ${done.paymentDeclined} Please try another card.`
            : `Your new card is saved. Your ${done.subscription.planName} subscription is ${done.subscription.status === 'active' ? 'paid up and ' : ''}renewing; next renewal on ${formatDate(done.subscription.periodEnd)}.`}
        </Alert>
      ) : (
        <p className="page__lead">The card you save here pays your subscription from now on. An unpaid renewal is paid with it at once.</p>
      )}
      {message ? <Alert tone="error">{message}</Alert> : null}
      {!done || done.paymentDeclined ? (
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New card">
          <CardFields containerRef={stripeCard.containerRef} status={stripeCard.status} error={stripeCard.cardError} />
          <Button type="submit" size="lg" block loading={busy} loadingText="Saving your card…" disabled={stripeCard.status !== 'ready'}>
            Save card
          </Button>
        </form>
      ) : (
        <p>
          <Link to="/account">Back to your account</Link>
        </p>
      )}
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Update your card</h1>
      <Alert tone="error">{message}</Alert>
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
    </div>
  );
}
