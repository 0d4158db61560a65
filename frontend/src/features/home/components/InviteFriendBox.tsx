import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { REFER_A_FRIEND_PAGE } from '@/lib/constants';
import { isBuilt } from '@/lib/pending-pages';

/** The invite-a-friend box; nothing while the page it leads to is not built yet (pending-pages.ts). */
export function InviteFriendBox() {
  if (!isBuilt(REFER_A_FRIEND_PAGE)) return null;
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
        <Link className="btn btn--primary btn--md" to={REFER_A_FRIEND_PAGE}>
          Invite a friend
        </Link>
      </div>
    </section>
  );
}
