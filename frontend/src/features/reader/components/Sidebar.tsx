import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import './sidebar.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface SidebarProps {
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  /** The button that opened the sidebar: focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  side?: 'left' | 'right';
  children: ReactNode;
}

/**
 * A 480 px side panel (full width on phones) with an overlay. A modal dialog: focus moves into it
 * when it opens, Tab stays inside, Escape or a click on the overlay closes it, and focus returns
 * to the button that opened it.
 */
export function Sidebar({ id, title, open, onClose, returnFocusTo, side = 'left', children }: SidebarProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      const panel = panelRef.current;
      const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? panel)?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      returnFocusTo.current?.focus();
    }
  }, [open, returnFocusTo]);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panelRef.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <>
      {open ? <div className="reader-overlay" data-testid={`${id}-overlay`} aria-hidden="true" onClick={onClose} /> : null}
      <div
        id={id}
        ref={panelRef}
        className={`reader-sidebar reader-sidebar--${side}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        hidden={!open}
      >
        <div className="reader-sidebar__header">
          <h2 id={titleId} className="reader-sidebar__title">
            {title}
          </h2>
          <button type="button" className="reader-sidebar__close" aria-label={`Close ${title.toLowerCase()}`} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="reader-sidebar__body">{children}</div>
      </div>
    </>
  );
}
