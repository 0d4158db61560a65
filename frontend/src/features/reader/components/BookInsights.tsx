import { useId } from 'react';
import { useInsights } from '@/lib/catalogue/insights-api';
import './book-insights.css';

/** How many of a book's insights its page shows. */
export const BOOK_INSIGHTS_LIMIT = 10;

/**
 * The book's insights (quotes an editor picked) at the end of its page, for everyone who opens it;
 * nothing while they load, when there are none, or when they cannot be had (the summary matters more).
 */
export function BookInsights({ bookId, title }: { bookId: number; title: string }) {
  const insights = useInsights({ book: String(bookId), limit: BOOK_INSIGHTS_LIMIT });
  const headingId = useId();
  if (!insights.data || insights.data.length === 0) return null;
  return (
    <section className="book-insights" aria-labelledby={headingId}>
      <h2 id={headingId} className="book-insights__title">
        Insights from {title}
      </h2>
      <ul className="book-insights__list">
        {insights.data.map((insight) => (
          <li key={insight.id}>
            <blockquote className="book-insights__quote">
              <p>{insight.insight}</p>
            </blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}
