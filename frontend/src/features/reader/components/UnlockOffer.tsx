import { Link, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { REFER_A_FRIEND_PAGE } from '@/lib/constants';
import { errorMessage } from '@/lib/api/client';
import type { BookDetail } from '../api/types';
import { useUnlockBook } from '../api/unlock-book';
import './paywall.css';

export const USE_FREE_SUMMARY = 'Use a free summary';

/** "Use 1 of your 3 free summaries on Meditations?"; the last: "Use your last free summary on Walden?" */
export function unlockQuestion(left: number, title: string): string {
  return left === 1 ? `Use your last free summary on ${title}?` : `Use 1 of your ${left} free summaries on ${title}?`;
}

/**
 * A free member on a premium book not yet unlocked: nothing is spent until they say yes here.
 * The last free summary says so, and where the invite bonus is still to earn, how to earn it.
 */
export function UnlockOffer({ book }: { book: BookDetail }) {
  const { id = book.subid } = useParams();
  const unlock = useUnlockBook(id);
  const offer = book.unlockOffer;
  if (!offer) return null;
  const last = offer.left === 1;
  return (
    <section className="paywall" aria-labelledby="unlock-title">
      <h2 id="unlock-title" className="paywall__title">
        {unlockQuestion(offer.left, book.title)}
      </h2>
      <p>Free members get {offer.allowance} summaries to read in full, with their audio; a summary you open stays yours.</p>
      {last && book.inviteBonusAvailable ? (
        <p>
          <Link to={REFER_A_FRIEND_PAGE}>Invite a friend</Link> and get one more free summary.
        </p>
      ) : null}
      {unlock.isError ? <Alert tone="warning">{errorMessage(unlock.error)}</Alert> : null}
      <div className="paywall__actions">
        <Button size="md" loading={unlock.isPending} loadingText="Opening…" onClick={() => unlock.mutate()}>
          {USE_FREE_SUMMARY}
        </Button>
        <Link className="btn btn--secondary btn--md" to="/pricing">
          Get unlimited summaries
        </Link>
      </div>
    </section>
  );
}
