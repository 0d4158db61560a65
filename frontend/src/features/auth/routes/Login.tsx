import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/form/use-form-status';
import { errorMessage } from '@/lib/api/client';
import { safeRedirect, withRedirect } from '@/lib/auth/redirect';
import { TokenLoginScreen } from '@/lib/auth/token-login';
import { getChargeId, setChargeId } from '@/lib/storage';
import { isTwoFactorChallenge, useLogin } from '../api/login';
import { Divider } from '../components/Divider';
import { SocialButtons } from '../components/SocialButtons';
import { TWO_FACTOR_TITLE, TwoFactorStep } from '../components/TwoFactorStep';
import { PurchaseProblemCard } from '../components/PurchaseProblem';
import { useCompleteSignIn, type PurchaseProblem } from '../components/use-complete-sign-in';
import { SigningIn } from '../components/SigningIn';
import { SignInLinkSent } from '../components/SignInLinkSent';
import { useProviderCallback } from '../components/use-provider-callback';
import { useTwoFactorStep } from '../components/use-two-factor-step';

export const LOGIN_REQUIRED_MESSAGE = 'Please specify an email or password.';

export function loginSubtitle(params: URLSearchParams): string {
  if (params.has('free-trial') && params.get('free-trial') !== 'false') return 'Log in to start your 3-day free trial.';
  if (safeRedirect(params.get('redirect'))) return 'Log in to continue.';
  return 'Welcome back! Log in to keep reading.';
}

export default function LoginRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <TokenLoginScreen token={token} />;
  return <LoginPage />;
}

function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const queryError = params.get('error');
  const queryCharge = params.get('chargeId');
  const [purchaseProblem, setPurchaseProblem] = useState<PurchaseProblem | null>(null);
  const secondStep = useTwoFactorStep();
  const callback = useProviderCallback(params.get('code'), params.get('state'), params.get('type'), redirect, secondStep.start, setPurchaseProblem);
  const login = useLogin();
  const complete = useCompleteSignIn();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Back from the two-factor step: the password field takes the focus again.
  const [returned, setReturned] = useState(false);
  const { message, showError, clearError } = useFormAlert();

  useDocumentTitle(secondStep.pending ? TWO_FACTOR_TITLE : 'Log in');

  // A purchase made before logging in (/login?chargeId= from checkout), attached once signed in.
  useEffect(() => {
    if (queryCharge) setChargeId(queryCharge);
  }, [queryCharge]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    if (!email.trim() || !password) {
      showError(LOGIN_REQUIRED_MESSAGE);
      return;
    }
    const chargeId = queryCharge ?? getChargeId();
    login.mutate(
      { email: email.trim(), password, ...(chargeId ? { chargeId } : {}) },
      {
        onSuccess: (result) => {
          const options = { redirect, onPurchaseProblem: setPurchaseProblem };
          if (!isTwoFactorChallenge(result)) {
            void complete(result, options);
            return;
          }
          // The password did its part; the login starts over from here if the challenge runs out.
          setPassword('');
          secondStep.start(result.challenge, options);
        },
        onError: (error) => showError(errorMessage(error)),
      },
    );
  };

  const backToFirstStep = (problem: string | null) => {
    secondStep.clear();
    setReturned(true);
    if (problem) showError(problem);
    else clearError();
  };

  if (purchaseProblem) return <PurchaseProblemCard problem={purchaseProblem} />;
  if (callback.pending) return <SigningIn />;
  if (callback.mailed) return <SignInLinkSent mailed={callback.mailed} />;
  if (secondStep.pending) {
    return <TwoFactorStep step={secondStep.pending} onBack={() => backToFirstStep(null)} onExpired={backToFirstStep} />;
  }

  const alertText = message ?? callback.error;

  return (
    <AuthCard
      title="Log in to Gistbook"
      subtitle={loginSubtitle(params)}
      footer={
        <p>
          New to Gistbook? <Link to={withRedirect('/signup', redirect)}>Create a free account</Link>
        </p>
      }
    >
      {queryError ? <Alert tone="warning">{queryError}</Alert> : null}
      {alertText ? <Alert tone="warning">{alertText}</Alert> : null}
      <SocialButtons verb="Log in" redirect={redirect} onError={showError} />
      <Divider>or log in with e-mail</Divider>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus={returned}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form__aside">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" size="lg" block loading={login.isPending} loadingText="Logging in…">
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
