import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage } from '@/lib/api/client';
import { useSession } from '@/lib/auth/session-api';
import { SignInRedirect } from '@/lib/auth/sign-in-redirect';
import { useReferrals } from '../api/get-referrals';
import { InviteForm } from '../components/InviteForm';
import { ReferralLinkCard } from '../components/ReferralLinkCard';
import { ReferralStatsCard } from '../components/ReferralStatsCard';
import '../referral.css';

/**
 * /refer-a-friend (member spec, Refer a friend; issue 15 §1-2), for members: the referral link to
 * copy or share, what it brought (people referred, paying, earned) and the invite form.
 */
export default function ReferAFriendRoute() {
  useDocumentTitle('Refer a Friend');
  const referrals = useReferrals();
  const session = useSession();
  const member = session.data?.user;

  // A notLoggedIn answer: log in and come back here (spec: /login?redirect=/refer-a-friend). A session
  // lost on the way is the shell's, to the same address.
  if (referrals.error instanceof ApiError && referrals.error.notLoggedIn) return <SignInRedirect />;

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
