import { Link } from 'react-router';
import { Icon } from '@/components/Icon';

export function InviteFriendBox() {
  return (
    <section className="card invite-box" aria-labelledby="invite-title">
      <div className="invite-box__art">
        <Icon name="gift" size={28} />
      </div>
      <div>
        <h2 id="invite-title" className="card__title">
          Invite a friend, unlock a summary
        </h2>
        <p>Share Gistbook with a friend and get one more free summary on us.</p>
        <Link className="btn btn--primary btn--md" to="/refer-a-friend">
          Invite a friend
        </Link>
      </div>
    </section>
  );
}
