import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import './completion-modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function canTakeFocus(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !(element as HTMLButtonElement).disabled && element !== document.body;
}

/** What the save earned: nothing until it answers, "+10 XP" the first time, a word on re-reads. */
export function xpLine(xpGained: number | null): string {
  if (xpGained === null) return '';
  return xpGained > 0 ? `+${xpGained} XP` : 'You had finished it before, so no new XP this time.';
}

interface CompletionModalProps {
  title: string;
  /** XP the completing save earned; null while it is on its way (or when it failed). */
  xpGained: number | null;
  onClose: () => void;
  /** Where focus goes on close when the control that had it is gone or disabled (e.g. Next on the last section). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * "Congratulations!" after the last section (signed-in members). A modal dialog: focus moves into
 * it, Tab stays inside, Escape, the close button or a click on the overlay close it, and focus
 * returns to where it was (or to `fallbackFocus`).
 */
export function CompletionModal({ title, xpGained, onClose, fallbackFocus }: CompletionModalProps) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const fallbackRef = useRef(fallbackFocus);

  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  }, [fallbackFocus]);

  useEffect(() => {
    const previous = document.activeElement;
    closeRef.current?.focus();
    return () => {
      const target = canTakeFocus(previous) ? previous : fallbackRef.current?.();
      target?.focus();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      const dialog = dialogRef.current;
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <>
      <div className="reader-overlay" data-testid="completion-overlay" aria-hidden="true" onClick={onClose} />
      <div ref={dialogRef} className="completion" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId}>
        <svg className="completion__art" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
          <circle cx="24" cy="20" r="13" fill="currentColor" opacity="0.15" />
          <path d="M24 9.5l3.1 6.3 6.9 1-5 4.9 1.2 6.9L24 25.3l-6.2 3.3 1.2-6.9-5-4.9 6.9-1z" fill="currentColor" />
          <path d="M17 31l-3 12 10-5 10 5-3-12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        </svg>
        <h2 id={titleId} className="completion__title">
          Congratulations!
        </h2>
        <p id={messageId} className="completion__message">
          You finished {title}.
        </p>
        <p className={xpGained === 0 ? 'completion__xp completion__xp--again' : 'completion__xp'} role="status">
          {xpLine(xpGained)}
        </p>
        <div className="completion__actions">
          <Link className="btn btn--primary btn--md" to="/my-progress">
            See your progress
          </Link>
          <button ref={closeRef} type="button" className="btn btn--ghost btn--md" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </>
  );
}
