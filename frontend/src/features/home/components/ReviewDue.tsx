import { Link } from 'react-router';
import { useReviewSummary } from '../api/get-review-summary';

/** "N to review", to /review, when today's review holds cards; nothing otherwise (or when the count cannot be had). */
export function ReviewDue() {
  const summary = useReviewSummary();
  const count = summary.data?.toReview ?? 0;
  if (count <= 0) return null;
  return (
    <p className="home-review">
      <Link to="/review" className="home-review__link">
        {count.toLocaleString('en-US')} to review
      </Link>
      <span className="home-review__hint">in today’s daily review of what you read</span>
    </p>
  );
}
