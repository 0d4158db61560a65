import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import type { NextDue, Rating, ReviewCard } from '../api/types';
import { comesBackIn } from '../relative-time';

export const RATINGS: { rating: Rating; label: string; due: keyof NextDue }[] = [
  { rating: 1, label: 'Again', due: 'again' },
  { rating: 2, label: 'Hard', due: 'hard' },
  { rating: 3, label: 'Good', due: 'good' },
  { rating: 4, label: 'Easy', due: 'easy' },
];

interface ReviewCardViewProps {
  card: ReviewCard;
  revealed: boolean;
  /** A rating is on its way: the buttons wait for it (no second post). */
  busy: boolean;
  /** When the queue was read: the card's next dates were worked out from then. */
  since: number;
  onReveal: () => void;
  onRate: (rating: Rating) => void;
  /** The front, focused when the card comes up after a rating. */
  frontRef: Ref<HTMLHeadingElement>;
  /** The answer, focused when it is shown. */
  answerRef: Ref<HTMLDivElement>;
}

/** One card: its book, the front, Show answer; then the back (and a highlight's note) and the four ratings. */
export function ReviewCardView({ card, revealed, busy, since, onReveal, onRate, frontRef, answerRef }: ReviewCardViewProps) {
  const frontId = useId();
  const isHighlight = card.kind === 'highlight';
  return (
    <article className="review-card" aria-labelledby={frontId}>
      <p className="review-card__book">
        <Link to={`/books/${encodeURIComponent(card.book.subid)}`}>{card.book.title}</Link>
        {card.book.author ? <span className="review-card__author"> by {card.book.author}</span> : null}
      </p>
      <p className="review-card__kind">{isHighlight ? 'Your highlight' : 'Key idea'}</p>
      <h2 id={frontId} className="review-card__front" tabIndex={-1} ref={frontRef}>
        {card.front}
      </h2>
      {revealed ? (
        <>
          <div className="review-card__answer" role="region" aria-label="Answer" tabIndex={-1} ref={answerRef}>
            {isHighlight ? (
              <blockquote className="review-card__back review-card__back--quote">{card.back}</blockquote>
            ) : (
              <p className="review-card__back">{card.back}</p>
            )}
            {card.note ? (
              <p className="review-card__note">
                <span className="review-card__note-label">Your note:</span> {card.note}
              </p>
            ) : null}
          </div>
          <div className="review-card__ratings" role="group" aria-label="How well did you remember it?">
            {RATINGS.map(({ rating, label, due }) => {
              const when = comesBackIn(card.nextDue[due], since);
              return (
                <Button
                  key={rating}
                  variant={rating === 3 ? 'primary' : 'ghost'}
                  className="review-card__rating"
                  disabled={busy}
                  aria-busy={busy || undefined}
                  aria-label={`${label}, back ${when}`}
                  aria-keyshortcuts={String(rating)}
                  onClick={() => onRate(rating)}
                >
                  <span className="review-card__rating-label">{label}</span>
                  <span className="review-card__rating-when">{when}</span>
                </Button>
              );
            })}
          </div>
          <p className="review-card__keys">Keys 1 to 4 rate the card.</p>
        </>
      ) : (
        <div className="review-card__reveal">
          <Button onClick={onReveal} aria-keyshortcuts="Space Enter">
            Show answer
          </Button>
          <span className="review-card__keys">or press Space</span>
        </div>
      )}
    </article>
  );
}
