import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { TextField } from '@/components/Field';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/use-form-alert';
import { errorMessage } from '@/lib/api/client';
import { safeRedirect, withRedirect } from '@/lib/auth/redirect';
import { TokenLoginScreen } from '@/lib/auth/token-login';
import { useLogin } from '../api/login';
import { Divider } from '../components/Divider';
import { SocialButtons } from '../components/SocialButtons';
import { useCompleteSignIn } from '../components/use-complete-sign-in';
import { SigningIn } from '../components/SigningIn';
import { useProviderCallback } from '../components/use-provider-callback';

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
  const callback = useProviderCallback(params.get('code'), params.get('state'), params.get('type'), redirect);
  const login = useLogin();
  const complete = useCompleteSignIn();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { message, showError, clearError } = useFormAlert();

  useDocumentTitle('Log in');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    if (!email.trim() || !password) {
      showError(LOGIN_REQUIRED_MESSAGE);
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => complete(result, { redirect, attachCharge: true }),
        onError: (error) => showError(errorMessage(error)),
      },
    );
  };

  if (callback.pending) return <SigningIn />;

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
        <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
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
