import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { accessFromError } from '../api/access';

export const FORBIDDEN_TEXT = 'This page is for administrators.';
export const MFA_TEXT = 'The back office needs two-factor sign-in on your account.';

/** 403 for a member who typed an admin address (the server refuses them in any case). */
export function Forbidden() {
  useDocumentTitle('Not allowed');
  return (
    <div className="page page--narrow page--center admin-access">
      <p className="not-found__code" aria-hidden="true">
        403
      </p>
      <h1 className="page__title">Not allowed</h1>
      <p className="page__lead">{FORBIDDEN_TEXT}</p>
      <Link className="btn btn--primary btn--md" to="/home">
        Go to your home page
      </Link>
    </div>
  );
}

/** An admin without two-factor sign-in: the way to turn it on. */
export function MfaRequired() {
  useDocumentTitle('Turn on two-factor sign-in');
  return (
    <div className="page page--narrow page--center admin-access">
      <h1 className="page__title">Turn on two-factor sign-in</h1>
      <p className="page__lead">{MFA_TEXT}</p>
      <p>Turn it on under Security, then come back to this page.</p>
      <Link className="btn btn--primary btn--md" to="/account/security">
        Go to Security settings
      </Link>
    </div>
  );
}

export const MFA_SESSION_TEXT = 'This session signed in without your two-factor code.';

/** An admin with two-factor on whose session did not pass it: sign in again, with the code. */
export function MfaSessionRequired() {
  useDocumentTitle('Log in again with your code');
  return (
    <div className="page page--narrow page--center admin-access">
      <h1 className="page__title">Log in again with your code</h1>
      <p className="page__lead">{MFA_SESSION_TEXT}</p>
      <p>The back office needs a session that passed two-factor sign-in. Log out, then log in with your password and a code from your app.</p>
      <Link className="btn btn--primary btn--md" to="/logout">
        Log out
      </Link>
    </div>
  );
}

/** A failed admin call: the 403 pages for a refusal, else the error in a warning banner. */
export function QueryError({ error }: { error: unknown }) {
  const access = accessFromError(error);
  if (access === 'forbidden') return <Forbidden />;
  if (access === 'mfa-required') return <MfaRequired />;
  if (access === 'mfa-session') return <MfaSessionRequired />;
  return <Alert tone="warning">{errorMessage(error)}</Alert>;
}
