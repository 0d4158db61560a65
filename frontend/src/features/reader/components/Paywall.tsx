import { Link } from 'react-router';
import { REFER_A_FRIEND_PAGE } from '@/lib/constants';
import { withRedirect } from '@/lib/auth/redirect';
import type { PaywallKind } from '../view';
import './paywall.css';

/**
 * What stands between the reader and the rest of the summary:
 * - login: a visitor (truncated body): log in (and come back here) or start a free trial;
 * - login: …and a visitor who would rather pay first sees the plans;
 * - upgrade: a free member who used all free summaries (the pricing page says so), and how to
 *   earn one more by inviting a friend when that is still to earn;
 * - trial: no body parts at all.
 */
export function Paywall({
  kind,
  returnTo,
  inviteBonusAvailable = false,
}: {
  kind: Exclude<PaywallKind, 'unlock'>;
  returnTo: string;
  inviteBonusAvailable?: boolean;
}) {
  if (kind === 'login') {
    return (
      <section className="paywall" aria-labelledby="paywall-title">
        <h2 id="paywall-title" className="paywall__title">
          Log in or start your free trial to keep reading
        </h2>
        <p>Members read every key idea, listen to the audio and keep their place across devices.</p>
        <div className="paywall__actions">
          <Link className="btn btn--primary btn--md" to={withRedirect('/login', returnTo)}>
            Log in
          </Link>
          <Link className="btn btn--secondary btn--md" to={withRedirect('/signup', returnTo)}>
            Start your free trial
          </Link>
        </div>
        <p className="paywall__more">
          <Link to="/pricing">See plans and pricing</Link>
        </p>
      </section>
    );
  }
  if (kind === 'upgrade') {
    return (
      <section className="paywall" aria-labelledby="paywall-title">
        <h2 id="paywall-title" className="paywall__title">
          You have used your free summaries
        </h2>
        <p className="paywall__lead">Upgrade to access unlimited summaries</p>
        <p>Every key idea in text and audio, plus visuals and videos.</p>
        {inviteBonusAvailable ? (
          <p>
            Or <Link to={REFER_A_FRIEND_PAGE}>invite a friend</Link> and get one more free summary.
          </p>
        ) : null}
        <div className="paywall__actions">
          <Link className="btn btn--primary btn--md" to="/pricing?limit_reached=yes">
            Upgrade now
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="paywall" aria-labelledby="paywall-title">
      <h2 id="paywall-title" className="paywall__title">
        Start your free trial to read this summary
      </h2>
      <p>Get every summary in text and audio, free for 3 days.</p>
      <div className="paywall__actions">
        <Link className="btn btn--primary btn--md" to="/try">
          Start your free trial
        </Link>
      </div>
    </section>
  );
}
