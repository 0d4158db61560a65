import { useEffect } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useSeats } from '@/lib/billing/seats-api';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { useAccount } from '../api/get-account';
import { useSubscription } from '../api/get-subscription';
import { ConfirmEmailNotice } from '../components/ConfirmEmailNotice';
import { GrantsList } from '../components/GrantsList';
import { InfographicsList } from '../components/InfographicsList';
import { PodcastFeedCard } from '../components/PodcastFeedCard';
import { RedeemCard } from '../components/RedeemCard';
import { SubscriptionCard } from '../components/SubscriptionCard';
import '../account.css';

export default function AccountRoute() {
  const account = useAccount();
  const user = account.data?.user;
  // Only members who paid have a subscription to show.
  const subscription = useSubscription({ enabled: Boolean(user && user.paidDate > 0) });
  // Members who bought team seats get a link to manage them.
  const seats = useSeats({ enabled: Boolean(user) });
  const hasSeats = (seats.data?.seats.length ?? 0) > 0;
  useDocumentTitle('Account');

  useEffect(() => {
    // Spec: an account fetch failure is stored and logged; no message is shown.
    if (account.error) console.error('Could not load the account', account.error);
  }, [account.error]);

  useEffect(() => {
    // The card falls back to the plan on the account.
    if (subscription.error) console.error('Could not load the subscription', subscription.error);
  }, [subscription.error]);

  return (
    <div className="page account">
      <header className="page__header">
        <h1 className="page__title">Account</h1>
      </header>
      {account.isPending ? <Spinner label="Loading your account…" /> : null}
      <div className="account__grid">
        {user && !user.emailVerified ? <ConfirmEmailNotice email={user.email} /> : null}
        <section className="card" aria-labelledby="profile-title">
          <h2 id="profile-title" className="card__title">
            Profile
          </h2>
          <dl className="facts">
            <div>
              <dt>Email</dt>
              <dd data-testid="account-email">{user?.email ?? '—'}</dd>
            </div>
            {user && (user.firstName || user.lastName) ? (
              <div>
                <dt>Name</dt>
                <dd>{[user.firstName, user.lastName].filter(Boolean).join(' ')}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        {user && !subscription.isLoading ? <SubscriptionCard user={user} subscription={subscription.data?.subscription} /> : null}
        {user && user.paidDate > 0 ? <GrantsList /> : null}
        {user ? <InfographicsList /> : null}
        {user ? <RedeemCard /> : null}
        {user ? <PodcastFeedCard /> : null}
        <section className="card" aria-labelledby="settings-title">
          <h2 id="settings-title" className="card__title">
            Settings
          </h2>
          <ul className="link-list">
            <li>
              <Link to="/choose-categories/edit">Reading preferences</Link>
            </li>
            <li>
              <Link to="/account/security">Password and signed-in devices</Link>
            </li>
            {hasSeats ? (
              <li>
                <Link to="/teams/manage">Your team seats</Link>
              </li>
            ) : null}
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>Contact us ({SUPPORT_EMAIL})</a>
            </li>
          </ul>
        </section>
      </div>
      <div className="account__actions">
        <Link className="btn btn--secondary btn--md" to="/logout">
          Logout
        </Link>
        <Link className="btn btn--danger btn--md" to="/account/delete">
          Delete Account
        </Link>
      </div>
    </div>
  );
}
