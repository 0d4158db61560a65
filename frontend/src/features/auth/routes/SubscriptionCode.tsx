import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { useDocumentTitle } from '@/components/use-document-title';
import { useFormAlert } from '@/components/form/use-form-status';
import { errorMessage } from '@/lib/api/client';
import { browserTimezone } from '@/lib/auth/redirect';
import { useSubscriptionCodeRegister } from '../api/subscription-code-register';
import { useCompleteSignIn } from '../components/use-complete-sign-in';

export const SUBSCRIPTION_CODE_REQUIRED_MESSAGE = 'Please specify an email or code or password or first name or last name.';

export default function SubscriptionCodeRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const registerWithCode = useSubscriptionCodeRegister();
  const complete = useCompleteSignIn();

  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState(params.code ?? '');
  const { message, showError, clearError } = useFormAlert();
  useDocumentTitle('Redeem your subscription code');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    if (!email.trim() || !code.trim() || !password || !firstName.trim() || !lastName.trim()) {
      showError(SUBSCRIPTION_CODE_REQUIRED_MESSAGE);
      return;
    }
    registerWithCode.mutate(
      {
        username: email.trim(),
        password,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        code: code.trim(),
        timezone: browserTimezone(),
      },
      {
        onSuccess: (result) => void complete(result, { redirect }),
        onError: (error) => showError(errorMessage(error)),
      },
    );
  };

  return (
    <AuthCard
      title="Redeem your subscription code"
      subtitle="Create your Gistbook account and your code unlocks Premium straight away."
      footer={
        <p>
          Already have an account? <Link to="/forgot-password">Reset your password</Link> or <Link to="/login">log in</Link>.
        </p>
      }
    >
      {message ? <Alert tone="warning">{message}</Alert> : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <div className="form__row">
          <TextField label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField label="Code" name="code" autoComplete="off" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />
        <Button type="submit" size="lg" block loading={registerWithCode.isPending} loadingText="Redeeming…">
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
