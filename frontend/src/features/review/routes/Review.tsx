import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { useReviewQueue } from '../api/get-queue';
import { ReviewSession } from '../components/ReviewSession';
import { ReviewSettingsForm } from '../components/ReviewSettingsForm';
import '../review.css';

/** /review (signed-in only) */
export default function ReviewRoute() {
  return (
    <ProtectedRoute>
      <Review />
    </ProtectedRoute>
  );
}

/** Today's review: the cards one at a time (keys: Space shows the answer, 1-4 rate), and the new cards a day. */
function Review() {
  useDocumentTitle('Daily Review');
  const queue = useReviewQueue();
  return (
    <div className="container review">
      <h1>Daily Review</h1>
      {queue.data ? (
        <ReviewSession
          queue={queue.data}
          fetchedAt={queue.dataUpdatedAt}
          refetchError={queue.isError ? queue.error : null}
          onBatchDone={() => void queue.refetch()}
        />
      ) : queue.isError ? (
        <Alert tone="error">{errorMessage(queue.error)}</Alert>
      ) : (
        <Spinner label="Loading today’s cards…" />
      )}
      <ReviewSettingsForm newPerDay={queue.data?.newPerDay} />
    </div>
  );
}
