import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useOnChange } from '@/components/use-on-change';
import { useSession } from '@/lib/auth/session-api';
import { useFreeSummaries } from '@/lib/catalogue/free-summaries-api';
import { accountLinks } from './account-links';
import './user-menu.css';

/**
 * The signed-in dropdown: a disclosure button (aria-expanded) with a list of links.
 * Enter/Space toggle, ArrowDown opens and focuses the first link, Escape closes and returns focus,
 * a click outside or tabbing away closes it.
 */
export function UserMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const session = useSession();
  const initial = session.data?.user.firstName?.trim().charAt(0).toUpperCase() || '';
  // A free member sees how many free summaries are left (asked once the menu is opened).
  const free = useFreeSummaries(open && session.data?.user.isPaid === false).data?.freeSummaries;

  useOnChange(location.pathname + location.search, () => setOpen(false));

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const focusItem = (index: number) => {
    const items = containerRef.current?.querySelectorAll<HTMLAnchorElement>('.user-menu__list a');
    if (!items || items.length === 0) return;
    const count = items.length;
    items[((index % count) + count) % count]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const items = Array.from(containerRef.current?.querySelectorAll<HTMLAnchorElement>('.user-menu__list a') ?? []);
      const current = items.indexOf(document.activeElement as HTMLAnchorElement);
      event.preventDefault();
      if (!open) {
        setOpen(true);
        requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 0 : -1));
        return;
      }
      focusItem(current === -1 ? (event.key === 'ArrowDown' ? 0 : -1) : current + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  return (
    <div
      className="user-menu"
      ref={containerRef}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !containerRef.current?.contains(event.relatedTarget) && event.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {initial || '☺'}
        </span>
        <span>My Account</span>
        <span className="user-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={menuId} className="user-menu__panel" hidden={!open}>
        {free ? (
          <p className="user-menu__count">
            {free.left} of {free.allowance} free {free.allowance === 1 ? 'summary' : 'summaries'} left
          </p>
        ) : null}
        <ul className="user-menu__list">
          {accountLinks(session.data?.user.isAdmin ?? false).map((link) => (
            <li key={`${link.to}-${link.label}`} className={link.to === '/logout' ? 'user-menu__sep' : undefined}>
              <Link to={link.to} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
