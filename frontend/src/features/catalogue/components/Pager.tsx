import { Link } from 'react-router';
import './pager.css';

/**
 * Previous / "Page n of N" / Next. The page links are real links (keyboard, middle click, back
 * button); an unavailable direction is shown disabled rather than removed so that the layout stays.
 */
export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <Link className="btn btn--ghost btn--sm" to={hrefFor(page - 1)} rel="prev">
          ← Previous page
        </Link>
      ) : (
        <span className="btn btn--ghost btn--sm pager__disabled" aria-disabled="true">
          ← Previous page
        </span>
      )}
      <p className="pager__status" aria-live="polite">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link className="btn btn--ghost btn--sm" to={hrefFor(page + 1)} rel="next">
          Next page →
        </Link>
      ) : (
        <span className="btn btn--ghost btn--sm pager__disabled" aria-disabled="true">
          Next page →
        </span>
      )}
    </nav>
  );
}

/** The current location's query string with `page` set (page 1 drops the parameter). */
export function withPage(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const text = next.toString();
  return text ? `?${text}` : '?';
}
