import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { ApiError, errorMessage } from '@/lib/api/client';
import { useRateCard } from '../api/rate-card';
import type { Rating, ReviewQueue } from '../api/types';
import { EmptyReview } from './EmptyReview';
import { ReviewCardView } from './ReviewCardView';
import { useReviewKeys } from './use-review-keys';

interface ReviewSessionProps {
  queue: ReviewQueue;
  /** When this batch was read (the query's `dataUpdatedAt`): a new read starts a new batch. */
  fetchedAt: number;
  /** Asking for the next batch failed. */
  refetchError: unknown;
  /** The batch is used up: ask the server for the next one. */
  onBatchDone: () => void;
}

/**
 * Works through one batch of today's queue, a card at a time: reveal, rate, next. "N left today"
 * is the server's count less the cards rated since the batch was read; each rating takes a card
 * out of today's queue (even Again brings it back tomorrow at the earliest).
 */
export function ReviewSession({ queue, fetchedAt, refetchError, onBatchDone }: ReviewSessionProps) {
  const [batchAt, setBatchAt] = useState(fetchedAt);
  const [index, setIndex] = useState(0);
  const [rated, setRated] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [xp, setXp] = useState('');
  // A new batch (the next cards, or the queue after a settings change) starts from its first card.
  if (batchAt !== fetchedAt) {
    setBatchAt(fetchedAt);
    setIndex(0);
    setRated(0);
    setRevealed(false);
  }
  const rate = useRateCard();
  // Set synchronously: a second key press before React re-renders must not post again.
  const posting = useRef(false);
  const frontRef = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  // What to focus once it is on screen (the next card may only come with the next batch).
  const focusWanted = useRef<'front' | 'answer' | null>(null);
  useEffect(() => {
    const target = focusWanted.current === 'front' ? frontRef.current : focusWanted.current === 'answer' ? answerRef.current : null;
    if (!target) return;
    target.focus();
    focusWanted.current = null;
  });

  const card = queue.cards[index];
  const left = Math.max(0, queue.toReview - rated);

  const reveal = () => {
    if (!card || revealed) return;
    focusWanted.current = 'answer';
    setRevealed(true);
  };

  const next = () => {
    focusWanted.current = 'front';
    setRated((n) => n + 1);
    setRevealed(false);
    setIndex((i) => i + 1);
    if (index + 1 >= queue.cards.length) onBatchDone();
  };

  const onRate = (rating: Rating) => {
    if (!card || !revealed || posting.current) return;
    posting.current = true;
    setXp('');
    rate.mutate(
      { id: card.id, rating, reps: card.reps },
      {
        onSuccess: (result) => {
          if (result.counted && result.xpGained > 0) setXp(`+${result.xpGained} XP`);
          next();
        },
        // A card no longer there (its highlight unmarked meanwhile) is skipped; the message says so.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) next();
        },
        onSettled: () => {
          posting.current = false;
        },
      },
    );
  };

  useReviewKeys({ revealed, onReveal: reveal, onRate });

  const empty = queue.cards.length === 0;
  return (
    <div className="review__session">
      <div className="review__status">
        <p className="review__left" aria-live="polite">
          {empty && rated === 0 ? '' : `${left} left today`}
        </p>
        <p className="review__xp" aria-live="polite">
          {xp}
        </p>
      </div>
      {rate.isError ? <Alert tone="error">{errorMessage(rate.error)}</Alert> : null}
      {empty ? (
        <EmptyReview />
      ) : card ? (
        <ReviewCardView
          key={card.id}
          card={card}
          revealed={revealed}
          busy={rate.isPending}
          since={fetchedAt}
          onReveal={reveal}
          onRate={onRate}
          frontRef={frontRef}
          answerRef={answerRef}
        />
      ) : refetchError ? (
        <Alert tone="error">
          {errorMessage(refetchError)}{' '}
          <Button variant="secondary" size="sm" onClick={onBatchDone}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Spinner label="Loading more cards…" />
      )}
    </div>
  );
}
