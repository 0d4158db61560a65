import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { firstMissing } from '@/components/form/validation';
import { errorMessage } from '@/lib/api/client';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { useForgotPassword } from '../api/forgot-password';

export const FORGOT_PASSWORD_SUCCESS = `Please check your email for instructions on how to reset your password. If you have any questions, please email us at ${SUPPORT_EMAIL}.`;

export default function ForgotPasswordRoute() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  useDocumentTitle('Forgot password');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const missing = firstMissing([{ label: 'Email', value: email }]);
    if (missing) {
      setMessage(missing);
      return;
    }
    forgot.mutate(
      { email: email.trim() },
      {
        onError: (error) => {
          setMessage(errorMessage(error));
          scrollToTop();
        },
      },
    );
  };

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Check your inbox">
        <Alert tone="success">{FORGOT_PASSWORD_SUCCESS}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle={
        <>
          Fill in the e-mail address you signed up with and we will send you a link to choose a new password. Need help? Contact us at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </>
      }
      footer={
        <p>
          Remembered it? <Link to="/login">Back to log in</Link>
        </p>
      }
    >
      {message ? <Alert tone="warning">{message}</Alert> : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" size="lg" block loading={forgot.isPending} loadingText="Sending…">
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
