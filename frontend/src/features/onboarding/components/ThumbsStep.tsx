import { useState } from 'react';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useCovers } from '../api/get-covers';
import { StepShell } from './StepShell';

export const THUMBS_TITLE = 'Would you read these?';

interface ThumbsStepProps {
  /** The book shown (0-based), kept by the page. */
  index: number;
  onIndex: (index: number) => void;
  /** After the last book. */
  onDone: () => void;
  focusHeading: boolean;
}

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg className={down ? 'btn__icon onboarding-thumb--down' : 'btn__icon'} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
      />
    </svg>
  );
}

/**
 * Step 5: five covers of books read most lately (GET /api/catalogue/books?sort=trending), one after
 * another; thumbs up or thumbs down, either moves on. Without books (an empty catalogue, or the call
 * failing) the step says so and lets the visitor go on.
 */
export function ThumbsStep({ index, onIndex, onDone, focusHeading }: ThumbsStepProps) {
  const covers = useCovers();
  const [initial] = useState(index);
  const [moved, setMoved] = useState(false);
  const books = covers.data ?? [];
  const shown = Math.min(index, Math.max(books.length - 1, 0));
  const book = books[shown];
  /** What the live region says once the book changed (here or with Back): "Book 2 of 5: Walden". */
  const announcement = book && (moved || index !== initial) ? `Book ${shown + 1} of ${books.length}: ${book.title}` : '';

  const next = () => {
    const following = shown + 1;
    const upcoming = books[following];
    if (!upcoming) {
      onDone();
      return;
    }
    setMoved(true);
    onIndex(following);
  };

  return (
    <StepShell name="books" title={THUMBS_TITLE} focusHeading={focusHeading} lead="A few of the books members have been reading lately. Thumbs up or down?">
      {covers.isPending ? <Spinner label="Loading the books…" /> : null}
      {!covers.isPending && !book ? (
        <>
          <p className="onboarding-step__text">We could not show the books just now. You can go on without them.</p>
          <div className="onboarding-actions">
            <Button size="lg" onClick={onDone}>
              Continue
            </Button>
          </div>
        </>
      ) : null}
      {book ? (
        <div className="onboarding-thumbs">
          <p className="onboarding-thumbs__count">
            Book {shown + 1} of {books.length}
          </p>
          <figure className="onboarding-cover" key={book.id}>
            {book.image ? (
              <img className="onboarding-cover__image" src={book.image} alt={`Cover of ${book.title}`} width={240} height={320} decoding="async" />
            ) : (
              <span className="onboarding-cover__image onboarding-cover__placeholder" role="img" aria-label={`Cover of ${book.title}`}>
                {book.title.charAt(0)}
              </span>
            )}
            <figcaption className="onboarding-cover__caption">
              <span className="onboarding-cover__title">{book.title}</span>
              <span className="onboarding-cover__author">{book.author}</span>
            </figcaption>
          </figure>
          <div className="onboarding-thumbs__buttons">
            <Button variant="secondary" size="lg" icon={<ThumbIcon down />} onClick={next}>
              Thumbs down
            </Button>
            <Button size="lg" icon={<ThumbIcon />} onClick={next}>
              Thumbs up
            </Button>
          </div>
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
        </div>
      ) : null}
    </StepShell>
  );
}
