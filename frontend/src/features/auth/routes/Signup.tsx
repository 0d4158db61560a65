import { useEffect, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { TextField } from '@/components/Field';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/use-form-alert';
import { errorMessage } from '@/lib/api/client';
import { browserTimezone, withRedirect } from '@/lib/auth/redirect';
import { TokenLoginScreen } from '@/lib/auth/token-login';
import { getChargeId, getReferralId, guestPurchaseOf, guestPurchaseText, setChargeId } from '@/lib/storage';
import type { RegisterRequest } from '@/lib/api/types';
import { useRegister } from '../api/register';
import { Divider } from '../components/Divider';
import { SocialButtons } from '../components/SocialButtons';
import { PurchaseProblemCard } from '../components/PurchaseProblem';
import { useCompleteSignIn, type PurchaseProblem } from '../components/use-complete-sign-in';
import { SigningIn } from '../components/SigningIn';
import { TWO_FACTOR_TITLE, TwoFactorStep } from '../components/TwoFactorStep';
import { useProviderCallback } from '../components/use-provider-callback';
import { useTwoFactorStep } from '../components/use-two-factor-step';

/** Session storage has no change events within a tab: read on render. */
const unchanging = () => () => {};

export const SIGNUP_REQUIRED_MESSAGE = 'Please specify an email or password or first name or last name.';

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
  const register = useRegister();
  const complete = useCompleteSignIn();

  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  // Null until typed in: the e-mail a guest just paid with stands in for it.
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
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
  const email = typedEmail ?? purchase?.email ?? '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    if (!email.trim() || !password || !firstName.trim() || !lastName.trim()) {
      showError(SIGNUP_REQUIRED_MESSAGE);
      return;
    }
    const body: RegisterRequest = {
      username: email.trim(),
      password,
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      timezone: browserTimezone(),
    };
    const chargeId = queryCharge ?? getChargeId();
    if (chargeId) body.chargeId = chargeId;
    const rId = getReferralId();
    if (rId) body.rId = rId;
    register.mutate(body, {
      onSuccess: (result) => void complete(result, { redirect, onPurchaseProblem: setPurchaseProblem }),
      onError: (error) => showError(errorMessage(error)),
    });
  };

  if (purchaseProblem) return <PurchaseProblemCard problem={purchaseProblem} />;
  if (callback.pending) return <SigningIn />;
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
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form__row">
          <TextField label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" size="lg" block loading={register.isPending} loadingText="Creating your account…">
          Sign up
        </Button>
        <p className="form__fineprint">
          By signing up you agree to our <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </form>
    </AuthCard>
  );
}
