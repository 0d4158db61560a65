import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import type { PlanView } from '@/lib/api/types';
import type { ChargeResult } from '../api/types';
import { formatDate } from '@/lib/plan';
import { SUMMARY_PDF_NAME, saveFile } from '@/lib/save-file';
import { trialLabel } from '../money';
import { quizResultsPath } from '../quiz-results';
import './checkout.css';

export const MEMBER_DONE_TITLE = "You're all set";
export const GUEST_DONE_TITLE = 'Thank you! One more step';
/** Member spec §4, Checkout: the success view of gift plans. */
export const GIFT_DONE_MESSAGE = 'Thanks for purchasing a gift. Your gift details have been emailed to you.';

interface PaymentDoneProps {
  plan: PlanView;
  result: ChargeResult;
  trialEndsAt: number;
  /** A single book's summary, downloaded already; kept for "Download again". */
  pdf?: Blob;
  /** Seats or gifts bought. */
  quantity?: number;
  /** Where a gift's code was mailed, when the buyer gave the recipient's address. */
  giftRecipient?: string;
}

/**
 * How many gifts, and where they went: the recipient (with a copy to the buyer), or the buyer. One
 * gift reads as the spec words it.
 */
export function giftDoneMessage(recipient: string | undefined, quantity = 1): string {
  if (quantity <= 1 && !recipient) return GIFT_DONE_MESSAGE;
  const bought = quantity > 1 ? `${quantity} gifts` : 'a gift';
  const to = recipient ? `${recipient}, with a copy to you` : 'you';
  return `Thanks for purchasing ${bought}. Your gift details have been emailed to ${to}.`;
}

/** The done screen's frame: the tick, the focused heading, the text and the actions. */
function Done({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="done" aria-labelledby="done-title">
      <span className="done__icon" aria-hidden="true">
        ✓
      </span>
      <h1 id="done-title" className="done__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
      <div className="done__actions">{actions}</div>
    </section>
  );
}

/** Sign up or log in to attach a guest's purchase (the chargeId travels in the links and in sessionStorage). */
function AttachLinks({ chargeId }: { chargeId: string }) {
  const charge = encodeURIComponent(chargeId);
  return (
    <>
      <Link className="btn btn--primary btn--lg" to={`/signup?chargeId=${charge}`}>
        Sign up
      </Link>
      <Link className="btn btn--secondary btn--lg" to={`/login?chargeId=${charge}`}>
        Log in
      </Link>
    </>
  );
}

/**
 * The checkout's last state, by plan (member spec §4): a gift says its details were e-mailed; a
 * single book has been downloaded as summary.pdf; quiz results lead to their results page (the full
 * report); seats lead to the team page; otherwise a
 * signed-in buyer reads at once and a guest (`notLoggedIn`) signs up or logs in to attach the
 * purchase.
 */
export function PaymentDone({ plan, result, trialEndsAt, pdf, quantity, giftRecipient }: PaymentDoneProps) {
  const trial = trialLabel(plan);
  const guest = result.notLoggedIn;

  if (plan.kind === 'gift') {
    return (
      <Done
        title="Thank you!"
        actions={
          <>
            <Link className="btn btn--primary btn--lg" to="/books">
              Browse the summaries
            </Link>
            <Link className="btn btn--secondary btn--lg" to="/payment/gift?gift=true">
              Buy another gift
            </Link>
          </>
        }
      >
        <p>{giftDoneMessage(giftRecipient, quantity)}</p>
      </Done>
    );
  }

  if (plan.kind === 'book') {
    return (
      <Done
        title="Your summary is ready"
        actions={
          <>
            {pdf ? (
              <Button size="lg" onClick={() => saveFile(pdf, SUMMARY_PDF_NAME)}>
                Download again
              </Button>
            ) : null}
            {guest && result.chargeId ? <AttachLinks chargeId={result.chargeId} /> : null}
          </>
        }
      >
        <p>
          Your payment for <strong>{plan.name}</strong> went through and the summary is downloading as {SUMMARY_PDF_NAME}.
        </p>
        {guest && result.chargeId ? <p>Create your account, or log in, to keep the summary and download it again any time.</p> : null}
      </Done>
    );
  }

  if (plan.kind === 'quiz') {
    // Member spec §4: a personality-quiz plan links to its results, a quiz plan to /quiz-results.
    const results = quizResultsPath(plan.id);
    return (
      <Done
        title="Your full report is ready"
        actions={
          <Link className="btn btn--primary btn--lg" to={results}>
            See your full report
          </Link>
        }
      >
        <p>
          Your payment for <strong>{plan.name}</strong> went through. Your full report, with every result, what it means and the books for it, is on your
          results page, ready to download as a PDF.
        </p>
      </Done>
    );
  }

  if (plan.kind === 'bulk') {
    const seats = quantity ? `${quantity} team seats` : 'team seats';
    if (guest) {
      return (
        <Done title={GUEST_DONE_TITLE} actions={<AttachLinks chargeId={result.chargeId} />}>
          <p>
            Your {seats} are paid for and their codes are on their way to your e-mail. Create your account, or log in, with the same e-mail address to invite
            colleagues and follow who joined.
          </p>
        </Done>
      );
    }
    return (
      <Done
        title="Your team seats are ready"
        actions={
          <Link className="btn btn--primary btn--lg" to="/teams/manage">
            Manage your team
          </Link>
        }
      >
        <p>We e-mailed you the codes of your {seats}. Invite your colleagues by e-mail and follow who joined on your team page.</p>
      </Done>
    );
  }

  if (guest) {
    return (
      <Done title={GUEST_DONE_TITLE} actions={<AttachLinks chargeId={result.chargeId} />}>
        <p>
          Your payment for <strong>{plan.name}</strong> went through{trial ? ` and your ${trial} has started` : ''}. Create your account, or log in if you have
          one, to start reading: the purchase is added to it.
        </p>
      </Done>
    );
  }

  return (
    <Done
      title={MEMBER_DONE_TITLE}
      actions={
        <>
          <Link className="btn btn--primary btn--lg" to="/books">
            Start reading
          </Link>
          <Link className="btn btn--secondary btn--lg" to="/account">
            See your account
          </Link>
        </>
      }
    >
      <p>
        {trial
          ? `Your ${trial} of ${plan.name} has started. Nothing is charged before ${formatDate(trialEndsAt)}, and you can cancel any time from your account.`
          : `Welcome to ${plan.name}.`}{' '}
        Every summary is yours to read, listen to and watch.
      </p>
      {result.isPaid ? null : <p>Your access is being switched on: it can take a minute.</p>}
    </Done>
  );
}
