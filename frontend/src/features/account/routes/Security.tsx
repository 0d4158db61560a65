import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { useDocumentTitle } from '@/components/use-document-title';
import { firstMissing } from '@/components/form/validation';
import { errorMessage } from '@/lib/api/client';
import { useAccount } from '../api/get-account';
import { useChangePassword } from '../api/security';
import { SessionsCard } from '../components/SessionsCard';
import { TwoFactorCard } from '../components/TwoFactorCard';
import '../account.css';
import '../security.css';

export const CURRENT_LABEL = 'Current Password';
export const NEW_LABEL = 'New Password';
export const CONFIRM_LABEL = 'Confirm New Password';
export const CHANGED_MESSAGE = 'Your password was changed. Your other devices are signed out.';

/** /account/security: change the password, two-factor sign-in, the signed-in sessions. */
export default function SecurityRoute() {
  const account = useAccount();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useDocumentTitle('Security');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setDone(false);
    const missing = firstMissing([
      { label: CURRENT_LABEL, value: current },
      { label: NEW_LABEL, value: password1 },
      { label: CONFIRM_LABEL, value: password2 },
    ]);
    if (missing) {
      setProblem(missing);
      return;
    }
    change.mutate(
      { currentPassword: current, password1, password2 },
      {
        onSuccess: () => {
          setDone(true);
          setCurrent('');
          setPassword1('');
          setPassword2('');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <div className="page page--narrow account security">
      <header className="page__header">
        <h1 className="page__title">Security</h1>
      </header>
      {problem ? <Alert tone="warning">{problem}</Alert> : null}
      {done ? <Alert tone="success">{CHANGED_MESSAGE}</Alert> : null}
      <section className="card" aria-labelledby="password-title">
        <h2 id="password-title" className="card__title">
          Change password
        </h2>
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={CURRENT_LABEL}
            name="current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <TextField
            label={NEW_LABEL}
            name="new-password"
            type="password"
            autoComplete="new-password"
            hint="8 to 128 characters; not one of the most common passwords."
            value={password1}
            onChange={(e) => setPassword1(e.target.value)}
          />
          <TextField
            label={CONFIRM_LABEL}
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            value={password2}
            onChange={(e) => setPassword2(e.target.value)}
          />
          <Button type="submit" size="md" loading={change.isPending} loadingText="Saving…">
            Change password
          </Button>
        </form>
      </section>
      <TwoFactorCard isAdmin={account.data?.user.isAdmin ?? false} />
      <SessionsCard />
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
    </div>
  );
}
