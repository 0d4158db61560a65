import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { isMailConfirmation, isTwoFactorChallenge } from '../api/login';
import { useConfirmSignInByMail } from '../api/oauth';
import { TWO_FACTOR_TITLE, TwoFactorStep } from '../components/TwoFactorStep';
import { useCompleteSignIn, type CompleteOptions } from '../components/use-complete-sign-in';
import { useTwoFactorStep } from '../components/use-two-factor-step';

/**
 * /confirm-sign-in/:code, the link mailed when a provider did not vouch for the address it gave.
 * The sign-in finishes on a click, not on opening (a mail scanner that follows links finishes
 * nothing), and only in the browser that began it; a member with two-factor on gives a code next.
 */
export default function ConfirmSignInRoute() {
  const { code = '' } = useParams();
  const confirm = useConfirmSignInByMail();
  const complete = useCompleteSignIn();
  const secondStep = useTwoFactorStep();
  // The second step ran out or was left: the link is spent, so the member signs in again.
  const [problem, setProblem] = useState<string | null>(null);
  useDocumentTitle(secondStep.pending ? TWO_FACTOR_TITLE : 'Finish signing in');

  if (secondStep.pending) {
    const leave = (message: string | null) => {
      secondStep.clear();
      setProblem(message ?? 'Please sign in again.');
    };
    return <TwoFactorStep step={secondStep.pending} onBack={() => leave(null)} onExpired={leave} />;
  }

  if (problem) {
    return (
      <AuthCard title="Finish signing in">
        <Alert tone="warning">{problem}</Alert>
        <p className="auth-card__cta">
          <Link className="btn btn--primary btn--lg btn--block" to="/login">
            Sign in again
          </Link>
        </p>
      </AuthCard>
    );
  }

  const finish = () => {
    // Where the sign-in's round trip began (kept in this browser), as the provider's callback does.
    const options: CompleteOptions = { redirect: null, useStoredRedirect: true };
    confirm.mutate(code, {
      onSuccess: (result) => {
        if (isTwoFactorChallenge(result)) secondStep.start(result.challenge, options);
        else if (!isMailConfirmation(result)) void complete(result, options);
      },
    });
  };

  return (
    <AuthCard title="Finish signing in">
      {confirm.error ? <Alert tone="error">{errorMessage(confirm.error)}</Alert> : null}
      <p>This confirms that the e-mail address is yours and signs you in to Gistbook.</p>
      <Button type="button" size="lg" block onClick={finish} loading={confirm.isPending || confirm.isSuccess} loadingText="Signing in…">
        Finish signing in
      </Button>
      {confirm.error ? (
        <p className="auth-card__cta">
          <Link to="/login">Sign in again</Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
