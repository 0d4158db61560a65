import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

/** What replaces a sent form: its title (focused, so the change is announced) and the way home. */
export function SentMessage({ title, children }: { title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="sent-message" role="status">
      <span className="sent-message__icon" aria-hidden="true">
        ✓
      </span>
      <h2 className="sent-message__title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {children}
      <Link className="btn btn--primary btn--md" to="/">
        Back to Home
      </Link>
    </div>
  );
}
