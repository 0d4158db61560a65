import { Link } from 'react-router';
import type { ChallengeBook } from '@/lib/api/types';
import './challenge-book-card.css';

/** The reader's page of a book. */
export function readHref(book: Pick<ChallengeBook, 'subid'>): string {
  return `/books/${encodeURIComponent(book.subid)}`;
}

/**
 * One day of the plan: cover, 'Day N', title, author, 'Done' once the member read it, and 'Start
 * Reading' (the card's one link; its name carries the title, "Start Reading Atomic Habits").
 * `components/BookCard` does not fit: its title is the link and it wants the catalogue's fields.
 * Shared by the ten-day challenge and onboarding's /secret.
 */
export function ChallengeBookCard({ book }: { book: ChallengeBook }) {
  return (
    <article className={book.done ? 'challenge-book challenge-book--done' : 'challenge-book'} data-testid="challenge-book">
      <div className="challenge-book__cover">
        {book.image ? (
          <img src={book.image} alt={book.title} width={150} height={200} loading="lazy" decoding="async" />
        ) : (
          <span className="challenge-book__placeholder" role="img" aria-label={book.title}>
            {book.title.charAt(0)}
          </span>
        )}
      </div>
      <div className="challenge-book__body">
        <p className="challenge-book__day">Day {book.dayNo}</p>
        <h3 className="challenge-book__title">{book.title}</h3>
        <p className="challenge-book__author">{book.author}</p>
        {book.done ? (
          <p className="challenge-book__done">
            <span aria-hidden="true">✓ </span>Done
          </p>
        ) : null}
        <Link className="btn btn--primary btn--sm challenge-book__read" to={readHref(book)}>
          {/* The space outside the hidden text: some name computations drop it inside. */}
          Start Reading <span className="visually-hidden">{book.title}</span>
        </Link>
      </div>
    </article>
  );
}
