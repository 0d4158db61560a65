import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { SelectField, TextAreaField } from '@/components/Field';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { firstMissing } from '@/components/validation';
import { LoginToAct } from '@/lib/auth/login-to-act';
import { useSessionStatus } from '@/lib/auth/session-status';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { useDeleteAccount } from '../api/delete-account';
import '@/components/auth-card.css';
import '../account.css';

export const DELETE_FAILED_MESSAGE = `Unable to delete account. Please email us at ${SUPPORT_EMAIL}.`;
export const WHY_LABEL = 'Why are you deleting your account?';
export const HOW_LABEL = 'How did you find out about us?';

const HOW_OPTIONS = ['Search engine', 'Friend or colleague', 'Social media', 'App Store or Google Play', 'Podcast or blog', 'Advertisement', 'Other'].map(
  (label) => ({ value: label, label }),
);

/**
 * /account/delete (back-office spec "Delete account"): why and how, then /logout. Public in the
 * route table: a visitor sees the form with "Log in to delete your account" (to /login and back)
 * in the button's place.
 */
export default function DeleteAccountRoute() {
  const session = useSessionStatus();
  const signedIn = session === 'in';
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [why, setWhy] = useState('');
  const [how, setHow] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  useDocumentTitle('Delete account');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    if (!signedIn) return;
    const missing = firstMissing([
      { label: WHY_LABEL, value: why },
      { label: HOW_LABEL, value: how },
    ]);
    if (missing) {
      setMessage(missing);
      return;
    }
    remove.mutate(
      { why: why.trim(), how },
      {
        onSuccess: () => void navigate('/logout', { replace: true }),
        onError: () => {
          setMessage(DELETE_FAILED_MESSAGE);
          scrollToTop();
        },
      },
    );
  };

  return (
    <div className="page page--narrow">
      <section className="auth-card" aria-labelledby="delete-title">
        <h1 id="delete-title" className="auth-card__title">
          Delete your account
        </h1>
        <p className="auth-card__subtitle">
          We are sorry to see you go. Deleting your account erases your profile, reading history and library. This cannot be undone.
        </p>
        {message ? <Alert tone="warning">{message}</Alert> : null}
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextAreaField label={WHY_LABEL} name="why" rows={4} value={why} disabled={!signedIn} onChange={(e) => setWhy(e.target.value)} />
          <SelectField label={HOW_LABEL} name="how" options={HOW_OPTIONS} value={how} disabled={!signedIn} onChange={(e) => setHow(e.target.value)} />
          {session === 'checking' ? <Spinner inline label="Checking your session…" /> : null}
          {signedIn ? (
            <Button type="submit" variant="danger" size="lg" block loading={remove.isPending} loadingText="Deleting…">
              Delete Account
            </Button>
          ) : null}
          {session === 'out' ? <LoginToAct action="delete your account" block /> : null}
          <p className="form__aside form__aside--center">
            <Link to="/account">Keep my account</Link>
          </p>
        </form>
      </section>
    </div>
  );
}
