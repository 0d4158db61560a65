import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/form/use-form-status';
import { ApiError } from '@/lib/api/client';
import type { SubscriptionView } from '@/lib/api/types';
import { LoginToAct } from '@/lib/auth/login-to-act';
import { useSessionStatus } from '@/lib/auth/session-status';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { formatDate } from '@/lib/plan';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import '@/components/auth-card.css';
import '../cancel.css';

export const REASON_REQUIRED_MESSAGE = 'Please choose a reason.';
export const CANCEL_FAILED_MESSAGE = `There was an error processing your cancellation. Please contact us at ${SUPPORT_EMAIL}.`;

/** The reasons of the back-office spec (the values the server keeps), with their labels. */
export const CANCEL_REASONS: { value: string; label: string }[] = [
  { value: 'too expensive', label: 'It is too expensive' },
  { value: 'not using', label: 'I do not use it enough' },
  { value: 'using other app', label: 'I am using another app' },
  { value: 'not using it right now', label: 'I do not need it right now' },
  { value: 'not working', label: 'Something is not working' },
  { value: 'no autorenewals', label: 'I do not want automatic renewals' },
  { value: 'no android app', label: 'There is no Android app' },
  { value: 'other', label: 'Another reason' },
];

export function doneMessage(subscription: SubscriptionView): string {
  return `Auto-renewal is off; Premium until ${formatDate(subscription.periodEnd)}.`;
}

/** The server's reason when it gave one, else the spec's cancel failure text. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.code && error.code !== 'network_error') return error.message;
  return CANCEL_FAILED_MESSAGE;
}

/**
 * /cancel: turn off auto-renewal (back-office spec "Cancel subscription"): form, then done or error.
 * Public in the route table: a visitor sees the form with "Log in to turn off auto-renewal" (to
 * /login and back) in the button's place, and nothing is asked of the server for them.
 */
export default function CancelRoute() {
  const session = useSessionStatus();
  const signedIn = session === 'in';
  const subscription = useSubscription({ enabled: signedIn });
  const cancel = useCancelSubscription();
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<SubscriptionView | null>(null);
  const { message, showError, clearError } = useFormAlert();
  useDocumentTitle('Cancel subscription');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    if (!reason) {
      showError(REASON_REQUIRED_MESSAGE);
      return;
    }
    cancel.mutate(
      { reason },
      {
        onSuccess: (result) => setDone(result.subscription),
        onError: (error) => showError(failureText(error)),
      },
    );
  };

  const current = subscription.data?.subscription ?? null;
  // Turned off here or earlier: the page shows where things stand, not the form again.
  const ended = done ?? (current && !current.renews ? current : null);

  return (
    <div className="page page--narrow">
      <section className="auth-card" aria-labelledby="cancel-title">
        <h1 id="cancel-title" className="auth-card__title">
          Cancel subscription
        </h1>
        {ended ? (
          <>
            <Alert tone="success">{doneMessage(ended)}</Alert>
            <p>You can keep reading every summary until then. Changed your mind? Pick a plan again at any time.</p>
            <div className="cancel__actions">
              <Link className="btn btn--primary btn--md" to="/books">
                Keep reading
              </Link>
              <Link className="btn btn--secondary btn--md" to="/account">
                Back to account
              </Link>
            </div>
          </>
        ) : (
          <>
            {session === 'checking' ? <Spinner inline label="Checking your session…" /> : null}
            {signedIn && subscription.isPending ? <Spinner inline label="Loading your subscription…" /> : null}
            {current?.renews ? (
              <p className="auth-card__subtitle">
                Your {current.planName} renews on {formatDate(current.periodEnd)}. Turn off auto-renewal and you keep Premium until then.
              </p>
            ) : null}
            {message ? <Alert tone="warning">{message}</Alert> : null}
            <form className="form" onSubmit={onSubmit} noValidate>
              <fieldset className="cancel__reasons" disabled={!signedIn}>
                <legend className="cancel__legend">Why are you leaving?</legend>
                {CANCEL_REASONS.map((option) => (
                  <label key={option.value} className="cancel__reason">
                    <input type="radio" name="reason" value={option.value} checked={reason === option.value} onChange={() => setReason(option.value)} />
                    <span>{option.label}</span>
                  </label>
                ))}
              </fieldset>
              {signedIn ? (
                <Button type="submit" variant="danger" size="lg" block loading={cancel.isPending} loadingText="Turning off…">
                  Turn off auto-renewal
                </Button>
              ) : null}
              {session === 'out' ? <LoginToAct action="turn off auto-renewal" block /> : null}
              <p className="form__aside form__aside--center">
                <Link to="/books">Keep as is</Link>
              </p>
            </form>
            <p className="cancel__note">
              Bought your subscription in the App Store or on Google Play? Those are cancelled by our support team: write to{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            </p>
          </>
        )}
      </section>
    </div>
  );
}
