import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage, onAuthLost } from '@/lib/api/client';
import { useSession } from '@/lib/auth/session-api';
import { useReferrals } from '../api/get-referrals';
import { InviteForm } from '../components/InviteForm';
import { ReferralLinkCard } from '../components/ReferralLinkCard';
import { ReferralStatsCard } from '../components/ReferralStatsCard';
import '../referral.css';

/** Member spec §8: a signed-out answer sends the visitor to log in and come back here. */
export const REFER_LOGIN = `/login?redirect=${encodeURIComponent('/refer-a-friend')}`;

/**
 * /refer-a-friend (member spec, Refer a friend; issue 15 §1-2), for members: the referral link to
 * copy or share, what it brought (people referred, paying, earned) and the invite form.
 */
export default function ReferAFriendRoute() {
  useDocumentTitle('Refer a Friend');
  const referrals = useReferrals();
  const session = useSession();
  const member = session.data?.user;
  const navigate = useNavigate();

  // The server no longer knows the member and no refresh helped: the shell goes to /login; this
  // page then asks to come back here (a task later, so that it comes after the shell's navigation
  // whichever listener runs first).
  useEffect(() => onAuthLost(() => window.setTimeout(() => void navigate(REFER_LOGIN, { replace: true }), 0)), [navigate]);

  if (referrals.error instanceof ApiError && referrals.error.notLoggedIn) return <Navigate to={REFER_LOGIN} replace />;

  return (
    <div className="page refer">
      <header className="page__header">
        <h1 className="page__title">Refer a Friend</h1>
        <p className="page__lead">
          Share your link with friends. When someone signs up through it and buys Premium, 25% of what they pay is credited to you. Invite a friend by e-mail
          and your first invitation unlocks one more free summary.
        </p>
      </header>
      {referrals.isPending ? <Spinner label="Loading your referral link…" /> : null}
      {referrals.isError ? <Alert tone="error">{errorMessage(referrals.error)}</Alert> : null}
      <div className="refer__grid">
        {referrals.data ? <ReferralLinkCard link={referrals.data.link} /> : null}
        {referrals.data ? <ReferralStatsCard stats={referrals.data.refers} /> : null}
        <section className="card refer-card refer__invite" aria-labelledby="invite-friend-title">
          <h2 id="invite-friend-title" className="card__title">
            Invite a friend
          </h2>
          <p className="refer-card__text">We will e-mail your friend your link, with your name on the invitation.</p>
          <InviteForm firstName={member?.firstName ?? ''} />
        </section>
      </div>
    </div>
  );
}
