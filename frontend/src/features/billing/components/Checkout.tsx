import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { useFormAlert } from '@/components/form/use-form-status';
import { errorMessage, type FileOrResult } from '@/lib/api/client';
import type { PlanView } from '@/lib/api/types';
import type { ChargeRequest, ChargeResult, PaymentSettings, PayPalCompleteRequest, StandingResult } from '../api/types';
import { ApiError } from '@/lib/api/client';
import { formatDate } from '@/lib/plan';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { completePayPalForBook, confirmBookPayment, confirmCardPayment, payByCard, payForBookByCard } from '../api/checkout';
import { useQuote } from '../api/quote';
import { useStripeCard } from '../hooks/use-stripe-card';
import type { StripeError } from '../providers/stripe';
import { CARD_INVALID_MESSAGE, CHECKOUT_ERROR_MESSAGE, EMAIL_REQUIRED_MESSAGE, NO_METHOD_MESSAGE } from '../messages';
import { quizResultsPath } from '../quiz-results';
import { formatCents, hasQuantity, initialQuantity, isSubscription, needsBuyerEmail, offersAddOns, quantityProblem, type AddOnCount } from '../money';
import { AddOnChoice } from './AddOnChoice';
import { EMPTY_GIFT, GiftFields, type GiftDetails } from './GiftFields';
import { CardFields } from './CardFields';
import { Cart } from './Cart';
import { sendEvent } from '@/lib/analytics';
import { useClaimedOffer } from '../api/offer';
import { CouponBox, type AppliedCoupon } from './CouponBox';
import { MethodChoice, type PaymentMethod } from './MethodChoice';
import { PayPalButton } from './PayPalButton';
import { QuantityField } from './QuantityField';
import { TestModeNotice } from './TestModeNotice';
import './checkout.css';

/** What came with a purchase besides the charge: a single book's PDF, the seats or gifts bought. */
export interface PaidExtras {
  pdf?: Blob;
  quantity?: number;
  /** A gift's recipient address, when one was given (the code was mailed there). */
  giftRecipient?: string;
  /** The e-mail a guest paid with (the receipt went there). */
  guestEmail?: string;
}

interface CheckoutProps {
  plan: PlanView;
  settings: PaymentSettings;
  /** What this purchase means for the buyer: the subscription it replaces, a used trial. */
  standing: StandingResult;
  trialEndsAt: number;
  /** `?quantity=` of the link (seats, gifts), if any. */
  linkedQuantity?: string | null;
  onPaid: (result: ChargeResult, extras: PaidExtras) => void;
}

/** A book's checkout answered the PDF: the charge as the page goes on with it. */
function paidWithFile(headers: Headers, guest: boolean): ChargeResult {
  return {
    status: 'succeeded',
    chargeId: headers.get('X-Charge-Id') ?? '',
    clientSecret: null,
    isPaid: false,
    notLoggedIn: guest,
    planId: null,
    endPaidDate: null,
    // The infographics bought with the book, when it had the add-on.
    infographicsUrl: headers.get('X-Infographics-Url'),
    landingPageVariant: 'default',
    buffer: null,
  };
}

/** How often the page asks about a payment being confirmed. */
export const CONFIRM_POLL_MS = 1500;

/**
 * A Stripe.js call that may throw (an integration error, a script that failed to load) answers
 * nothing instead, so the buyer sees the checkout's own message, never an internal one.
 */
async function stripeCall<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch {
    return undefined;
  }
}

/** Stripe's message is for the buyer only when it is about the card they typed or their bank. */
function buyerMessage(error: StripeError | undefined, fallback: string): string {
  const forBuyer = error?.type === 'card_error' || error?.type === 'validation_error' || Boolean(error?.code?.endsWith('_authentication_failure'));
  if (error?.message && forBuyer) return error.message;
  return fallback;
}

/** Where "back" goes from each kind of checkout. */
function backLink(plan: PlanView): { to: string; label: string } {
  if (plan.kind === 'gift') return { to: '/giftcard', label: '← Gift cards' };
  if (plan.kind === 'bulk') return { to: '/teams', label: '← Gistbook for teams' };
  if (plan.kind === 'book') return { to: '/books', label: '← Book summaries' };
  if (plan.kind === 'quiz') return { to: quizResultsPath(plan.id), label: '← Your quiz results' };
  return { to: '/pricing', label: '← All plans' };
}

/**
 * The checkout form: the guest's e-mail, add-ons, coupon, the payment method and its provider's
 * controls, beside the cart with the server's total. Server errors show in a red alert at the top.
 */
export function Checkout({ plan, settings, standing, trialEndsAt, linkedQuantity = null, onPaid }: CheckoutProps) {
  const guest = !useIsAuthenticated();
  const methods: PaymentMethod[] = [];
  if (settings.card && settings.stripePublishableKey) methods.push('card');
  if (settings.paypal && settings.paypalClientId) methods.push('paypal');

  const [email, setEmail] = useState('');
  const [addInfographics, setAddInfographics] = useState<AddOnCount>(0);
  // Undefined until the buyer applies or removes one: the offer they claimed from the banner
  // applies by itself.
  const [chosenCoupon, setCoupon] = useState<AppliedCoupon | null | undefined>(undefined);
  const claimed = useClaimedOffer(plan.id);
  const coupon = chosenCoupon === undefined ? claimed : chosenCoupon;
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const [gift, setGift] = useState<GiftDetails>(EMPTY_GIFT);
  const [typedQuantity, setTypedQuantity] = useState(() => initialQuantity(plan, linkedQuantity));
  const [busy, setBusy] = useState(false);
  // The provider's answer to the payment was lost: the server is asking it again.
  const [confirming, setConfirming] = useState(false);
  // Told before paying (or by checkout itself: the card had a trial) that this one has none.
  const [trialUsed, setTrialUsed] = useState<string | null>(null);
  const { message, showError, clearError } = useFormAlert();
  const method = chosen && methods.includes(chosen) ? chosen : methods[0];
  const isGift = plan.kind === 'gift';
  const isBook = plan.kind === 'book';
  // Gifts and team seats: one code each (the bulk plan is sold by the seat).
  const takesQuantity = hasQuantity(plan);
  const byTheSeat = plan.kind === 'bulk';
  const quantity = Number(typedQuantity);
  // The PDF a book's checkout answered, handed on with the charge.
  const pdf = useRef<Blob | null>(null);

  const basket = {
    planId: plan.id,
    addInfographics,
    couponCode: coupon?.code ?? null,
    // Only plans that make codes are sold by the number; a quantity being typed is quoted once it is whole.
    ...(takesQuantity ? { quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : plan.minQuantity } : {}),
  };
  const quote = useQuote(basket);
  const stripeCard = useStripeCard(methods.includes('card'), settings.stripeJsUrl, settings.stripePublishableKey);

  const receiptEmail = guest ? email.trim() : null;
  // A gift sends its form (trimmed); blank recipient fields send the details to the buyer.
  // The card's token is added when Stripe.js has made it (PayPal sends none).
  const chargeBody: Omit<ChargeRequest, 'token'> = {
    ...basket,
    email: receiptEmail,
    // The page said the trial was used: the buyer agrees to pay now by paying.
    ...(standing.trialUsedOn !== null || trialUsed ? { withoutTrial: true } : {}),
    ...(isGift
      ? {
          gift: true,
          senderName: gift.senderName.trim(),
          recipientName: gift.recipientName.trim(),
          recipientEmail: gift.recipientEmail.trim(),
          recipientMsg: gift.recipientMsg.trim(),
        }
      : {}),
  };

  /** The guest's e-mail is required (the receipt goes there), except for gifts and seats; the quantity within the plan's range. */
  const validate = (): boolean => {
    clearError();
    if (guest && needsBuyerEmail(plan) && !email.trim()) {
      showError(EMAIL_REQUIRED_MESSAGE);
      return false;
    }
    const badQuantity = takesQuantity ? quantityProblem(plan, typedQuantity) : null;
    if (badQuantity) {
      showError(badQuantity);
      return false;
    }
    return true;
  };

  const paid = (result: ChargeResult) => {
    // The spec's purchase event, with what was bought and what it cost.
    sendEvent({ name: 'subscribed', properties: { planId: plan.id, amount: quote.data?.total ?? null, couponCode: coupon?.code ?? null } });
    onPaid(result, {
      pdf: pdf.current ?? undefined,
      quantity: takesQuantity ? quantity : undefined,
      giftRecipient: isGift && gift.recipientEmail.trim() ? gift.recipientEmail.trim() : undefined,
      guestEmail: receiptEmail ?? undefined,
    });
  };

  /** A book's answer: the PDF (kept for the done screen), or the JSON next step (3-D Secure). */
  const fromBookAnswer = (answer: FileOrResult<ChargeResult>): ChargeResult => {
    if (answer.file) {
      pdf.current = answer.file;
      return paidWithFile(answer.headers, guest);
    }
    return answer.result;
  };

  /** Asks the server about a charge until it knows (a lost provider answer is being confirmed). */
  const confirmCharge = async (chargeId: string): Promise<ChargeResult> => {
    const ask = async () => (isBook ? fromBookAnswer(await confirmBookPayment(chargeId)) : await confirmCardPayment(chargeId));
    let result = await ask();
    while (result.status === 'confirming') {
      setConfirming(true);
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
      result = await ask();
    }
    return result;
  };

  const payWithCard = async () => {
    const mounted = stripeCard.current();
    if (!mounted) {
      showError(CARD_INVALID_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      const created = await stripeCall(() =>
        mounted.stripe.createPaymentMethod({
          type: 'card',
          card: mounted.card,
          ...(receiptEmail ? { billing_details: { email: receiptEmail } } : {}),
        }),
      );
      if (!created || created.error || !created.paymentMethod) {
        showError(buyerMessage(created?.error, CARD_INVALID_MESSAGE));
        return;
      }
      const body = { ...chargeBody, token: created.paymentMethod.id };
      let result = isBook ? fromBookAnswer(await payForBookByCard(plan.id, body)) : await payByCard(plan.id, body);
      if (result.status === 'requires_action') {
        const secret = result.clientSecret ?? '';
        // Every intent we make confirms automatically, so Stripe.js completes 3-D Secure and
        // confirms (`confirmCardPayment`); a trial's card is a SetupIntent (`seti_...`) authenticated
        // so that its first renewal does not fail. The server then reads the result from Stripe.
        const action = await stripeCall(() =>
          secret.startsWith('seti_') ? mounted.stripe.confirmCardSetup(secret) : mounted.stripe.confirmCardPayment(secret),
        );
        if (!action || action.error) {
          showError(buyerMessage(action?.error, CHECKOUT_ERROR_MESSAGE));
          return;
        }
        result = await confirmCharge(result.chargeId);
      } else if (result.status === 'confirming') {
        result = await confirmCharge(result.chargeId);
      }
      if (result.status !== 'succeeded') {
        showError(CHECKOUT_ERROR_MESSAGE);
        return;
      }
      paid(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'trial_used') {
        // The card (or this address) had a trial before: say so; paying again pays now.
        setTrialUsed(error.message);
        return;
      }
      showError(errorMessage(error, CHECKOUT_ERROR_MESSAGE));
    } finally {
      setConfirming(false);
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || method !== 'card') return;
    if (!validate()) return;
    void payWithCard();
  };

  const quoteError = quote.error ? errorMessage(quote.error) : null;
  const payLabel = plan.trialDays > 0 && !trialUsed ? 'Start free trial' : quote.data ? `Pay ${formatCents(quote.data.total)}` : 'Pay';
  const back = backLink(plan);
  const emailHint = isGift
    ? 'Your receipt goes here, and the gift details too when you leave the recipient blank.'
    : byTheSeat
      ? 'Your receipt and the seat codes go here.'
      : 'We will send your payment receipt to this address.';

  return (
    <div className="checkout">
      <header className="page__header checkout__header">
        <p className="checkout__back">
          <Link to={back.to}>{back.label}</Link>
        </p>
        <h1 className="page__title">Checkout</h1>
        <p className="page__lead">
          {plan.name}
          {plan.trialDays > 0 ? `: start your ${plan.trialDays}-day free trial` : ''}
        </p>
      </header>
      {settings.testMode ? <TestModeNotice card={methods.includes('card')} paypal={methods.includes('paypal')} /> : null}
      {message ? <Alert tone="error">{message}</Alert> : null}
      {confirming ? (
        <p className="checkout__confirming" role="status">
          We are confirming your payment… Please keep this page open.
        </p>
      ) : null}
      {trialUsed ? <Alert tone="warning">{trialUsed} Press the button again to pay now.</Alert> : null}
      {standing.trialUsedOn !== null ? (
        <Alert tone="info">Your free trial was used on {formatDate(standing.trialUsedOn)}: this subscription starts at once and is charged today.</Alert>
      ) : null}
      {standing.replaces.map((replaced) => (
        <Alert key={replaced.planName} tone="info">
          {replaced.ending === 'now'
            ? `Your ${replaced.planName} trial ends when you pay, with no charge.`
            : `Your ${replaced.planName} stops renewing when you pay; you keep it until ${formatDate(replaced.accessUntil)}.`}
        </Alert>
      ))}
      <div className="checkout__grid">
        <div className="checkout__summary">
          <Cart
            plan={plan}
            quote={quote.data}
            updating={quote.isFetching}
            quoteError={quoteError}
            addInfographics={addInfographics}
            quantity={takesQuantity && quote.data ? quote.data.quantity : 1}
            trialEndsAt={trialEndsAt}
          />
        </div>
        <form className="checkout__form form" onSubmit={onSubmit} noValidate aria-label="Payment">
          {isGift ? <GiftFields value={gift} onChange={setGift} disabled={busy} /> : null}
          {guest ? (
            <TextField
              label={needsBuyerEmail(plan) ? 'Email' : 'Your email'}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              hint={
                <>
                  {emailHint} Have an account? <Link to={`/login?redirect=${encodeURIComponent(`/payment/${plan.id}`)}`}>Log in first</Link>.
                </>
              }
              value={email}
              disabled={busy}
              onChange={(e) => setEmail(e.target.value)}
            />
          ) : null}
          {takesQuantity ? (
            <QuantityField
              value={typedQuantity}
              onChange={setTypedQuantity}
              min={plan.minQuantity}
              max={plan.maxQuantity}
              unitPrice={plan.price}
              unit={byTheSeat ? 'seat' : 'gift'}
              disabled={busy}
            />
          ) : null}
          {offersAddOns(plan) ? <AddOnChoice value={addInfographics} onChange={setAddInfographics} disabled={busy} /> : null}
          <CouponBox planId={plan.id} applied={coupon} onApply={setCoupon} disabled={busy} />
          {method ? (
            <>
              {methods.length > 1 ? <MethodChoice methods={methods} value={method} onChange={setChosen} disabled={busy} /> : null}
              {methods.includes('card') ? (
                <div className="checkout__method" hidden={method !== 'card'}>
                  <CardFields containerRef={stripeCard.containerRef} status={stripeCard.status} error={stripeCard.cardError} />
                  <Button type="submit" size="lg" block loading={busy} loadingText="Processing payment…" disabled={stripeCard.status !== 'ready'}>
                    {payLabel}
                  </Button>
                </div>
              ) : null}
              {method === 'paypal' ? (
                <div className="checkout__method">
                  {busy ? (
                    <p className="visually-hidden" role="status">
                      Completing your PayPal payment…
                    </p>
                  ) : null}
                  <PayPalButton
                    settings={settings}
                    planId={plan.id}
                    intent={isSubscription(plan) ? 'subscription' : 'capture'}
                    handlers={{
                      validate,
                      basket: () => {
                        const { planId: _planId, gift: _gift, ...start } = chargeBody;
                        return start;
                      },
                      complete: isBook
                        ? async (body: PayPalCompleteRequest) => fromBookAnswer(await completePayPalForBook({ ...body, planId: plan.id }))
                        : undefined,
                      onBusy: setBusy,
                      onPaid: paid,
                      onError: showError,
                    }}
                  />
                </div>
              ) : null}
            </>
          ) : (
            <Alert tone="warning">{NO_METHOD_MESSAGE}</Alert>
          )}
          <p className="form__fineprint">
            {plan.trialDays > 0 ? `Cancel any time before the trial ends and you won't be charged. ` : ''}
            By paying you agree to our <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </form>
      </div>
    </div>
  );
}
