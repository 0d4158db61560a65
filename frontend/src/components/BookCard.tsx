import { Link } from 'react-router';
import type { BookCard as BookCardData } from '@/lib/api/types';
import './book-card.css';

type HeadingLevel = 2 | 3 | 4;

/** The badges a card shows, in display order. */
export function bookBadges(book: Pick<BookCardData, 'free' | 'hasMedia' | 'hasVideo' | 'comingSoon'>): string[] {
  const badges: string[] = [];
  if (book.free) badges.push('Free');
  if (book.hasMedia) badges.push('Audio');
  if (book.hasVideo) badges.push('Video');
  if (book.comingSoon) badges.push('Coming soon');
  return badges;
}

export function bookHref(book: Pick<BookCardData, 'subid'>): string {
  return `/books/${encodeURIComponent(book.subid)}`;
}

/**
 * One book in a list: cover, title (the card's only link, stretched over the whole card), author
 * and badges. The title is a heading so that screen-reader users can jump from book to book.
 */
export function BookCard({ book, headingLevel = 3 }: { book: BookCardData; headingLevel?: HeadingLevel }) {
  const Heading = `h${headingLevel}` as const;
  const badges = bookBadges(book);
  return (
    <article className="book-card" data-testid="book-card">
      <div className="book-card__cover">
        {book.image ? (
          <img src={book.image} alt={`Cover of ${book.title}`} loading="lazy" decoding="async" width={240} height={320} />
        ) : (
          <span className="book-card__placeholder" role="img" aria-label={`Cover of ${book.title}`}>
            {book.title.charAt(0)}
          </span>
        )}
      </div>
      <div className="book-card__body">
        <Heading className="book-card__title">
          <Link to={bookHref(book)} className="book-card__link">
            {book.title}
          </Link>
        </Heading>
        <p className="book-card__author">{book.author}</p>
        {badges.length > 0 ? (
          <ul className="book-card__badges" aria-label="Badges">
            {badges.map((badge) => (
              <li key={badge} className={`book-badge book-badge--${badge.toLowerCase().replace(/\s+/g, '-')}`}>
                {badge}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/** A responsive grid of book cards, as a list. */
export function BookGrid({
  books,
  label,
  headingLevel = 3,
  className,
}: {
  books: BookCardData[];
  /** An accessible name for the list (e.g. "New Releases"). */
  label?: string;
  headingLevel?: HeadingLevel;
  className?: string;
}) {
  return (
    <ul className={['book-grid', className ?? ''].filter(Boolean).join(' ')} aria-label={label}>
      {books.map((book) => (
        <li key={book.id} className="book-grid__item">
          <BookCard book={book} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
