import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextAreaField } from '@/components/form/Field';
import { errorMessage } from '@/lib/api/client';
import type { BookDetail } from '../api/types';
import { useRateBook } from '../api/rate-book';
import './rating-form.css';

export const RATING_MESSAGES = {
  required: 'Please select a rating before submitting!',
  tooLong: 'Your feedback can be at most 500 characters.',
  thanks: 'Thank you for your feedback!',
} as const;

export const FEEDBACK_MAX = 500;
const STARS = [1, 2, 3, 4, 5] as const;

const starLabel = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

/**
 * The rating form of the reader's last section (members who have not rated the book): 1 to 5
 * stars (native radio buttons, so the arrow keys move between them), optional feedback of at most
 * 500 characters with a counter, Submit. Unrated, then submitted (a thank-you message); the
 * reader does not offer it again once the book is rated.
 */
export function RatingForm({ book }: { book: Pick<BookDetail, 'id' | 'subid' | 'title'> }) {
  const [rating, setRating] = useState(0);
  const [feedback, setFeedback] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const rate = useRateBook();
  const name = useId();
  const thanksRef = useRef<HTMLParagraphElement>(null);

  // The form (and its focused Submit button) is replaced by the thank-you message: focus follows.
  useEffect(() => {
    if (rate.isSuccess) thanksRef.current?.focus();
  }, [rate.isSuccess]);

  if (rate.isSuccess) {
    return (
      <p ref={thanksRef} className="rating-form__thanks" role="status" tabIndex={-1}>
        {RATING_MESSAGES.thanks}
      </p>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1) {
      setAlert(RATING_MESSAGES.required);
      return;
    }
    if (feedback.length > FEEDBACK_MAX) {
      setAlert(RATING_MESSAGES.tooLong);
      return;
    }
    setAlert(null);
    rate.mutate({ bookId: book.id, subid: book.subid, rating, feedback: feedback.trim() }, { onError: (error) => setAlert(errorMessage(error)) });
  };

  return (
    <form className="rating-form" onSubmit={onSubmit} noValidate aria-label={`Rate ${book.title}`}>
      <fieldset className="rating-stars">
        <legend className="rating-stars__legend">How would you rate this summary?</legend>
        <div className="rating-stars__row">
          {STARS.map((n) => {
            const id = `${name}-${n}`;
            return (
              <span key={n} className="rating-stars__item">
                <input
                  id={id}
                  className="rating-stars__input"
                  type="radio"
                  name={name}
                  value={n}
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setAlert(null);
                  }}
                />
                <label htmlFor={id} className={n <= rating ? 'rating-stars__star rating-stars__star--on' : 'rating-stars__star'}>
                  <span aria-hidden="true">{n <= rating ? '★' : '☆'}</span>
                  <span className="visually-hidden">{starLabel(n)}</span>
                </label>
              </span>
            );
          })}
        </div>
      </fieldset>
      <TextAreaField
        label="Your feedback (optional)"
        hint={
          <span className="rating-form__counter">
            {feedback.length}/{FEEDBACK_MAX} <span className="visually-hidden">characters</span>
          </span>
        }
        value={feedback}
        maxLength={FEEDBACK_MAX}
        rows={4}
        onChange={(event) => setFeedback(event.target.value.slice(0, FEEDBACK_MAX))}
      />
      {alert ? <Alert tone={alert === RATING_MESSAGES.required || alert === RATING_MESSAGES.tooLong ? 'warning' : 'error'}>{alert}</Alert> : null}
      <div className="rating-form__actions">
        <Button type="submit" loading={rate.isPending} loadingText="Sending…">
          Submit
        </Button>
      </div>
    </form>
  );
}
