import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { SelectField, TextAreaField, TextField } from '@/components/form/Field';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage } from '@/lib/api/client';
import { firstMissing } from '@/components/form/validation';
import { LoginToAct } from '@/lib/auth/login-to-act';
import { useSessionStatus } from '@/lib/auth/session-status';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { useDeleteAccount } from '../api/delete-account';
import '@/components/auth-card.css';
import '../account.css';

export const DELETE_FAILED_MESSAGE = `Unable to delete account. Please email us at ${SUPPORT_EMAIL}.`;
export const WHY_LABEL = 'Why are you deleting your account?';
export const HOW_LABEL = 'How did you find out about us?';
export const PROOF_LABEL = 'Your password, or a code from your authenticator app';

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
  // Proof that it is the member at the keyboard now (a borrowed signed-in device is not enough).
  const [proof, setProof] = useState('');
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
    // Six digits, or a recovery code's shape (xxxx-xxxx-xxxx-xxxx), is a code; anything else the password.
    const isCode = /^[0-9]{6}$|^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/i.test(proof.trim());
    remove.mutate(
      { why: why.trim(), how, ...(proof ? (isCode ? { code: proof.trim() } : { password: proof }) : {}) },
      {
        onSuccess: () => void navigate('/logout', { replace: true }),
        onError: (error) => {
          // What the member can fix (the password, a missing proof) is said; anything else is the spec's message.
          const fixable = error instanceof ApiError && (error.status === 400 || error.status === 429);
          setMessage(fixable ? errorMessage(error) : DELETE_FAILED_MESSAGE);
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
          <TextField
            label={PROOF_LABEL}
            name="proof"
            type="password"
            autoComplete="current-password"
            hint="Signed up with Google, Apple, LinkedIn or Facebook and no password? Leave it empty after signing in again within the last 10 minutes."
            value={proof}
            disabled={!signedIn}
            onChange={(e) => setProof(e.target.value)}
          />
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
