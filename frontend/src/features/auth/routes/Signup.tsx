import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/form/use-form-status';
import { withRedirect } from '@/lib/auth/redirect';
import { SignupForm } from '@/lib/auth/signup-form';
import { TokenLoginScreen } from '@/lib/auth/token-login';
import { getChargeId, guestPurchaseOf, guestPurchaseText, setChargeId } from '@/lib/storage';
import { Divider } from '../components/Divider';
import { SocialButtons } from '../components/SocialButtons';
import { PurchaseProblemCard } from '../components/PurchaseProblem';
import { useCompleteSignIn, type PurchaseProblem } from '../components/use-complete-sign-in';
import { SigningIn } from '../components/SigningIn';
import { SignInLinkSent } from '../components/SignInLinkSent';
import { TWO_FACTOR_TITLE, TwoFactorStep } from '../components/TwoFactorStep';
import { useProviderCallback } from '../components/use-provider-callback';
import { useTwoFactorStep } from '../components/use-two-factor-step';

/** Session storage has no change events within a tab: read on render. */
const unchanging = () => () => {};

function isFreeTrial(params: URLSearchParams): boolean {
  return params.has('free-trial') && params.get('free-trial') !== 'false' && params.get('free-trial') !== '0';
}

export default function SignupRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <TokenLoginScreen token={token} />;
  return <SignupPage />;
}

function SignupPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const freeTrial = isFreeTrial(params);
  const queryError = params.get('error');
  const queryCharge = params.get('chargeId');
  const [purchaseProblem, setPurchaseProblem] = useState<PurchaseProblem | null>(null);
  // "Sign up with Google" for an existing member with two-factor on asks for the second step too.
  const secondStep = useTwoFactorStep();
  const callback = useProviderCallback(params.get('code'), params.get('state'), params.get('type'), redirect, secondStep.start, setPurchaseProblem);
  const complete = useCompleteSignIn();
  // One alert for the form, the social buttons and the second step's way back.
  const { message, showError, clearError } = useFormAlert();

  useDocumentTitle(secondStep.pending ? TWO_FACTOR_TITLE : freeTrial ? 'Start your free trial' : 'Sign up');

  // A purchase made before signing up (/signup?chargeId= from checkout): kept for the whole sign-up,
  // social round trips included, and attached once signed in.
  useEffect(() => {
    if (queryCharge) setChargeId(queryCharge);
  }, [queryCharge]);

  // A guest who just paid in this tab is told what they bought, with the e-mail they paid with
  // filled in (read from the tab's storage once hydrated: the prerendered page knows no purchase).
  const purchaseText = useSyncExternalStore(
    unchanging,
    () => guestPurchaseText(),
    () => null,
  );
  const purchase = useMemo(() => guestPurchaseOf(queryCharge ?? getChargeId(), purchaseText), [queryCharge, purchaseText]);

  if (purchaseProblem) return <PurchaseProblemCard problem={purchaseProblem} />;
  if (callback.pending) return <SigningIn />;
  if (callback.mailed) return <SignInLinkSent mailed={callback.mailed} />;
  if (secondStep.pending) {
    const back = (problem: string | null) => {
      secondStep.clear();
      if (problem) showError(problem);
      else clearError();
    };
    return <TwoFactorStep step={secondStep.pending} onBack={() => back(null)} onExpired={back} />;
  }

  const alertText = message ?? callback.error;

  return (
    <AuthCard
      title={freeTrial ? 'Start your 3-day free trial' : 'Create your free account'}
      subtitle={
        freeTrial
          ? 'Create your account, then enjoy unlimited summaries free for 3 days. Cancel anytime.'
          : 'Get the key ideas of 3 best-selling books free. No credit card needed.'
      }
      footer={
        <p>
          Already have an account? <Link to={withRedirect('/login', redirect)}>Log in</Link>
        </p>
      }
    >
      {purchase ? (
        <Alert tone="success" title="Thank you for your purchase">
          You bought {purchase.planName}. Create your account{purchase.email ? ` with ${purchase.email}` : ''} and it is added to it.
        </Alert>
      ) : null}
      {queryError ? <Alert tone="warning">{queryError}</Alert> : null}
      {alertText ? <Alert tone="warning">{alertText}</Alert> : null}
      <SocialButtons verb="Sign up" redirect={redirect} onError={showError} />
      <Divider>or sign up with e-mail</Divider>
      {/* The e-mail a guest just paid with is filled in until another is typed. */}
      <SignupForm
        defaultEmail={purchase?.email ?? ''}
        chargeId={() => queryCharge ?? getChargeId()}
        messages={{ showError, clearError }}
        onSignedUp={(result) => void complete(result, { redirect, onPurchaseProblem: setPurchaseProblem })}
      />
    </AuthCard>
  );
}
