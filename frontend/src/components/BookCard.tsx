import { Link } from 'react-router';
import type { BookCard as BookCardData } from '@/lib/api/types';
import { useViewerHasPremium } from '@/lib/auth/viewer-premium';
import { accessBadge, BookBadge, type BadgeName } from './BookBadge';
import { SkeletonText } from './Skeleton';
import './book-card.css';

type HeadingLevel = 2 | 3 | 4;

/**
 * The most cards one row of a book grid holds (the widest layout: 1120px of content, 160px columns
 * and 20px gaps). A list's first row is on screen when the page opens: its covers load at once.
 */
export const FIRST_ROW = 6;

/**
 * The badges a card shows, in display order: "Free", or the lock ("Premium") when the viewer has
 * no Premium (see `accessBadge`), then Audio, Video, Coming soon.
 */
export function bookBadges(book: Pick<BookCardData, 'free' | 'hasMedia' | 'hasVideo' | 'comingSoon'>, viewerHasPremium: boolean): BadgeName[] {
  const badges: BadgeName[] = [];
  const access = accessBadge(book, viewerHasPremium);
  if (access) badges.push(access);
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
 * and badges (a premium book shows the lock unless the viewer has Premium). The title is a heading so that screen-reader users can jump from book to book.
 *
 * The cover's box is reserved before the image arrives (width and height attributes, and the 3:4
 * box of `.book-card__cover`). Covers load lazily unless `eager` (a card in the first visible row).
 */
export function BookCard({ book, headingLevel = 3, eager = false }: { book: BookCardData; headingLevel?: HeadingLevel; eager?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  const badges = bookBadges(book, useViewerHasPremium());
  return (
    <article className="book-card" data-testid="book-card">
      <div className="book-card__cover">
        {book.image ? (
          <img src={book.image} alt={`Cover of ${book.title}`} loading={eager ? 'eager' : 'lazy'} decoding="async" width={240} height={320} />
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
              <BookBadge key={badge} name={badge} />
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
  eagerCount = 0,
}: {
  books: BookCardData[];
  /** An accessible name for the list (e.g. "New Releases"). */
  label?: string;
  headingLevel?: HeadingLevel;
  className?: string;
  /** How many leading covers load at once (`FIRST_ROW` for a list at the top of its page); the rest load lazily. */
  eagerCount?: number;
}) {
  return (
    <ul className={['book-grid', className ?? ''].filter(Boolean).join(' ')} aria-label={label}>
      {books.map((book, index) => (
        <li key={book.id} className="book-grid__item">
          <BookCard book={book} headingLevel={headingLevel} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A book grid while its books load: `count` cards of the real cards' size (a 3:4 cover, a title
 * line, an author line), so the section does not grow and push the page down when the books
 * arrive. Announced as a status with `label`; the cards themselves are hidden from assistive
 * technology.
 */
export function BookGridSkeleton({ count, label, className }: { count: number; label: string; className?: string }) {
  return (
    <div className="book-grid-skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <ul className={['book-grid', className ?? ''].filter(Boolean).join(' ')} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="book-grid__item">
            <div className="book-card book-card--skeleton">
              <div className="book-card__cover skeleton" />
              <div className="book-card__body">
                <p className="book-card__title">
                  <SkeletonText />
                </p>
                <p className="book-card__author">
                  <SkeletonText size="short" />
                </p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
