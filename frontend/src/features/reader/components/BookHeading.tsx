import { Link } from 'react-router';
import { accessBadge, BookBadge } from '@/components/BookBadge';
import type { BookDetail } from '../api/types';
import './book-heading.css';

/**
 * "Free", or the lock ("Premium") for a premium book the viewer may not read: a visitor, or a free
 * member who has not opened it (with one of their free summaries, or by buying it). A member with
 * Premium, or one who has the book's whole text, sees no lock.
 */
export function bookPageBadge(book: Pick<BookDetail, 'free' | 'isPaidUser' | 'body'>): 'Free' | 'Premium' | null {
  return accessBadge(book, book.isPaidUser || book.body !== null);
}

/** Cover, title (the page's h1), author, Free or the lock, categories, and whether the member finished it. */
export function BookHeading({ book, titleId }: { book: BookDetail; titleId: string }) {
  const badge = bookPageBadge(book);
  return (
    <div className="book-heading">
      {book.image ? (
        // The page's largest image and first thing seen: fetched first, never lazily.
        <img className="book-heading__cover" src={book.image} alt={`Cover of ${book.title}`} width={120} height={180} fetchPriority="high" />
      ) : null}
      <div className="book-heading__text">
        <h1 id={titleId} className="book-heading__title">
          {book.title}
        </h1>
        <p className="book-heading__author">
          by {book.authorSlug ? <Link to={`/authors/${encodeURIComponent(book.authorSlug)}`}>{book.author}</Link> : book.author}
        </p>
        {badge ? <BookBadge name={badge} as="p" className="book-heading__badge" /> : null}
        {book.categories.length > 0 ? (
          <ul className="book-heading__categories" aria-label="Categories">
            {book.categories.map((category) => (
              <li key={category.id}>
                <Link className="chip" to={`/category/${encodeURIComponent(category.subid)}`}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {book.completed ? (
          <p className="book-heading__done">
            <span aria-hidden="true">✓ </span>You finished this summary
          </p>
        ) : null}
      </div>
    </div>
  );
}
