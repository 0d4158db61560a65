import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage } from '@/lib/api/client';
import type { ChargeResult } from '../api/types';
import { SUMMARY_PDF_NAME, saveFile } from '@/lib/save-file';
import { setChargeId, setGuestPurchase } from '@/lib/storage';
import { billingKeys } from '../api/keys';
import { usePrice } from '@/lib/billing/price-api';
import { usePaymentSettings } from '../api/settings';
import { useStanding } from '../api/standing';
import { Checkout, type PaidExtras } from '../components/Checkout';
import { PaymentDone } from '../components/PaymentDone';
import { INVALID_PLAN_MESSAGE, NOT_SOLD_YET_MESSAGE } from '../messages';
import { trialEnd } from '../money';
import '../components/checkout.css';

/**
 * /payment/:planId: loading, then the checkout form, then complete (member spec §4 "Checkout").
 * `?quantity=N` presets the seats of the bulk plan (from /teams).
 */
export default function PaymentRoute() {
  const { planId } = useParams();
  const [search] = useSearchParams();
  useDocumentTitle('Checkout');
  if (!planId) return <PaymentProblem message={INVALID_PLAN_MESSAGE} />;
  return <Payment key={planId} planId={planId} linkedQuantity={search.get('quantity')} />;
}

function Payment({ planId, linkedQuantity }: { planId: string; linkedQuantity: string | null }) {
  const queryClient = useQueryClient();
  const price = usePrice(planId);
  const settings = usePaymentSettings();
  const standing = useStanding(planId);
  const [result, setResult] = useState<ChargeResult | null>(null);
  const [extras, setExtras] = useState<PaidExtras>({});
  // The trial's end as the page states it: from when the page opened.
  const [openedAt] = useState(Date.now);

  if (price.error instanceof ApiError && price.error.notLoggedIn) {
    return <Navigate to={`/login?redirect=${encodeURIComponent(`/payment/${planId}`)}`} replace />;
  }
  if (price.error) return <PaymentProblem message={errorMessage(price.error)} />;
  if (settings.error) return <PaymentProblem message={errorMessage(settings.error)} />;
  if (standing.error) return <PaymentProblem message={errorMessage(standing.error)} />;
  if (!price.data || !settings.data || !standing.data) {
    return (
      <div className="page page--center">
        <Spinner label="Loading checkout…" />
      </div>
    );
  }

  // The plan as this buyer gets it: without the free trial when theirs was used.
  const plan = { ...price.data.plan, trialDays: standing.data.trialDays };
  // Plans the server does not sell at this checkout (yet): say so before anyone types a card.
  if (!plan.purchasable) return <PaymentProblem message={NOT_SOLD_YET_MESSAGE} />;
  // A purchase that would give nothing (Premium for life, a subscription as good that renews).
  if (standing.data.refusal && !result) return <PaymentProblem message={standing.data.refusal.message} toAccount />;
  const trialEndsAt = trialEnd(plan, openedAt);

  const onPaid = (paid: ChargeResult, more: PaidExtras) => {
    // A single book arrives as its PDF (member spec §4: downloaded as summary.pdf).
    if (more.pdf) saveFile(more.pdf, SUMMARY_PDF_NAME);
    if (paid.notLoggedIn) {
      // Attached at sign-up or login (member spec §3: sessionStorage `chargeId`).
      if (paid.chargeId) {
        setChargeId(paid.chargeId);
        setGuestPurchase({ chargeId: paid.chargeId, planName: plan.name, email: more.guestEmail ?? '' });
      }
    } else {
      // The member's plan changed: everything cached about them (header, account, books) is stale.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== billingKeys.all[0] });
    }
    setExtras(more);
    setResult(paid);
    scrollToTop();
  };

  return (
    <div className="page">
      {result ? (
        <>
          <PaymentDone plan={plan} result={result} trialEndsAt={trialEndsAt} pdf={extras.pdf} quantity={extras.quantity} giftRecipient={extras.giftRecipient} />
          {result.infographicsUrl ? (
            <p className="payment-done__infographics">
              <a className="btn btn--secondary btn--lg" href={result.infographicsUrl} download>
                Download your infographics (ZIP)
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <Checkout plan={plan} settings={settings.data} standing={standing.data} trialEndsAt={trialEndsAt} linkedQuantity={linkedQuantity} onPaid={onPaid} />
      )}
    </div>
  );
}

function PaymentProblem({ message, toAccount = false }: { message: string; toAccount?: boolean }) {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Checkout</h1>
      <Alert tone={toAccount ? 'info' : 'error'}>{message}</Alert>
      <p>{toAccount ? <Link to="/account">Go to your account</Link> : <Link to="/pricing">See the plans</Link>}</p>
    </div>
  );
}
