import { Icon } from './Icon';
import './book-badge.css';

/** A badge on a book card or a book page. 'Premium' is the lock. */
export type BadgeName = 'Free' | 'Premium' | 'Audio' | 'Video' | 'Coming soon';

/**
 * "Free" for a free book (everyone); for a premium book the lock ("Premium") when the viewer may
 * not read it (a visitor, a free member), nothing when they may (a member with Premium: nothing is
 * locked for them).
 */
export function accessBadge(book: { free: boolean }, viewerMayRead: boolean): 'Free' | 'Premium' | null {
  if (book.free) return 'Free';
  return viewerMayRead ? null : 'Premium';
}

/**
 * One badge, as a list item (among a card's badges) or a paragraph. The lock is a padlock for the
 * eye, hidden from screen readers, and the word "Premium", which is what a screen reader says.
 */
export function BookBadge({ name, as: Element = 'li', className }: { name: BadgeName; as?: 'li' | 'p'; className?: string }) {
  return (
    <Element className={[`book-badge book-badge--${name.toLowerCase().replace(/\s+/g, '-')}`, className ?? ''].filter(Boolean).join(' ')}>
      {name === 'Premium' ? <Icon name="lock" size={12} /> : null}
      {name}
    </Element>
  );
}
