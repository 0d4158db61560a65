import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage } from '@/lib/api/client';
import type { AffiliateView } from '../api/types';
import { useSession } from '@/lib/auth/session-api';
import { useToken } from '@/lib/auth/use-auth';
import { useAffiliate } from '../api/get-affiliate';
import { AffiliateDashboard } from '../components/AffiliateDashboard';
import { ApplicationForm, type ApplicationDefaults } from '../components/ApplicationForm';
import { ApplicationPending } from '../components/ApplicationPending';
import { COMMISSION, INVITE_LOGIN, INVITE_SIGNUP } from '../constants';
import '../affiliate.css';

export const NOT_APPROVED = 'Your previous application was not approved.';

/** Signed out: affiliates need a free account; log in or sign up and come back here. */
function SignedOut() {
  return (
    <section className="card affiliate-card affiliate-account" aria-labelledby="affiliate-account-title">
      <h2 id="affiliate-account-title" className="card__title">
        Sign in to apply
      </h2>
      <p className="affiliate-card__text">Affiliates need a free Gistbook account: it is where your link and your earnings live.</p>
      <div className="affiliate-actions">
        <Link className="btn btn--primary btn--md" to={INVITE_LOGIN}>
          Log in
        </Link>
        <Link className="btn btn--ghost btn--md" to={INVITE_SIGNUP}>
          Create an account
        </Link>
      </div>
    </section>
  );
}

/** What the member's record says: the form (never applied, or turned down), pending, or the dashboard. */
function MemberView({
  affiliate,
  defaults,
  justApplied,
  onApplied,
}: {
  affiliate: AffiliateView | null;
  defaults: ApplicationDefaults;
  justApplied: boolean;
  onApplied: () => void;
}) {
  if (affiliate?.status === 'approved') return <AffiliateDashboard affiliate={affiliate} />;
  if (affiliate?.status === 'pending') return <ApplicationPending affiliate={affiliate} justApplied={justApplied} />;
  const rejected = affiliate?.status === 'rejected';
  return (
    <div className="card affiliate-card affiliate-apply">
      {rejected ? <Alert tone="info">{NOT_APPROVED} You are welcome to apply again: tell us more about where you would share your link.</Alert> : null}
      <ApplicationForm
        defaults={rejected && affiliate ? { name: affiliate.name, email: affiliate.email, audience: affiliate.audience } : defaults}
        onApplied={onApplied}
      />
    </div>
  );
}

/**
 * /invite (issue 15 §1): the affiliate application and, once applied, the affiliate's own page.
 * Visitors are told to log in or create an account and come back; members see the form (never
 * applied, or turned down), the application pending, or their link and earnings once approved.
 */
export default function InviteRoute() {
  useDocumentTitle('Affiliate Program');
  const token = useToken();
  const signedIn = token !== null;
  const affiliate = useAffiliate({ enabled: signedIn });
  const session = useSession({ enabled: signedIn });
  const member = signedIn ? session.data?.user : undefined;
  // Whether the application was sent from this page just now (its pending note then takes the focus).
  const [justApplied, setJustApplied] = useState(false);
  // A session lost here: the shell sends the member to log in and back (/login?redirect=%2Finvite).

  const signedOut = !signedIn || (affiliate.error instanceof ApiError && affiliate.error.notLoggedIn);
  const defaults: ApplicationDefaults = {
    name: member ? `${member.firstName} ${member.lastName}`.trim() : '',
    email: member?.email ?? '',
    audience: '',
  };

  return (
    <div className="page affiliate">
      <header className="page__header">
        <h1 className="page__title">Affiliate Program</h1>
        <p className="page__lead">
          Earn {COMMISSION} of every Premium purchase made through your link. <Link to="/affiliate">How it works</Link>
        </p>
      </header>
      {signedOut ? <SignedOut /> : null}
      {!signedOut && affiliate.isPending ? <Spinner label="Loading your affiliate account…" /> : null}
      {!signedOut && affiliate.isError ? <Alert tone="error">{errorMessage(affiliate.error)}</Alert> : null}
      {!signedOut && affiliate.data ? (
        <MemberView affiliate={affiliate.data.affiliate} defaults={defaults} justApplied={justApplied} onApplied={() => setJustApplied(true)} />
      ) : null}
    </div>
  );
}
