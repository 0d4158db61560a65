import { Link } from 'react-router';

export const NOTHING_TO_REVIEW = 'Nothing to review today.';

/** No card due and no new card left for today: where cards come from. */
export function EmptyReview() {
  return (
    <div className="review__empty">
      <p className="review__empty-title">{NOTHING_TO_REVIEW}</p>
      <p>Cards come from the key ideas of the books you finish and from the highlights you mark for review.</p>
      <p className="review__empty-links">
        <Link to="/books">Find a book to read</Link>
        <Link to="/highlights">Mark highlights for review</Link>
      </p>
    </div>
  );
}
