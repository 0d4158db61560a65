import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { firstMissing } from '@/components/form/validation';
import { errorMessage } from '@/lib/api/client';
import { useResetPassword } from '../api/reset-password';

export const RESET_PASSWORD_SUCCESS = 'Your password was changed. You can now login.';

export default function ResetPasswordRoute() {
  const { email = '', code = '' } = useParams();
  const reset = useResetPassword();
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  useDocumentTitle('Reset password');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const missing = firstMissing([
      { label: 'New Password', value: password1 },
      { label: 'Confirm New Password', value: password2 },
    ]);
    if (missing) {
      setMessage(missing);
      return;
    }
    reset.mutate(
      { password1, password2, code, email },
      {
        onError: (error) => {
          setMessage(errorMessage(error));
          scrollToTop();
        },
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert tone="success">{RESET_PASSWORD_SUCCESS}</Alert>
        <p className="auth-card__cta">
          <Link className="btn btn--primary btn--lg btn--block" to="/login">
            Log in
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle={email ? <>For {email}</> : undefined}>
      {message ? <Alert tone="warning">{message}</Alert> : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="New Password"
          name="password1"
          type="password"
          autoComplete="new-password"
          value={password1}
          onChange={(e) => setPassword1(e.target.value)}
        />
        <TextField
          label="Confirm New Password"
          name="password2"
          type="password"
          autoComplete="new-password"
          value={password2}
          onChange={(e) => setPassword2(e.target.value)}
        />
        <Button type="submit" size="lg" block loading={reset.isPending} loadingText="Saving…">
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
