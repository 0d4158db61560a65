import { builtLinks } from './pending-pages';
import type { NavItem } from './nav-links';

// The signed-in links (the account dropdown and the mobile menu's "My Account" list). A module of
// their own, apart from nav-links.ts: only the signed-in header parts import them, and those are
// loaded lazily (Header.tsx), so a visitor's first page does not carry them.

export const ACCOUNT_LINKS: NavItem[] = builtLinks([
  { to: '/home', label: 'My Home' },
  { to: '/my-progress', label: 'My Progress' },
  { to: '/account', label: 'Account' },
  { to: '/library', label: 'My Library' },
  { to: '/highlights', label: 'My Highlights' },
  { to: '/review', label: 'Daily Review' },
  { to: '/blog/whats-new', label: "What's New" },
  { to: '/contact', label: 'Suggest a Book' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/refer-a-friend', label: 'Refer a Friend' },
  { to: '/ten-day-challenge', label: 'Ten Day Challenge Results' },
  { to: '/logout', label: 'Logout' },
]);

/** The account links of an admin: the back office comes before Logout. */
export function accountLinks(isAdmin: boolean): NavItem[] {
  if (!isAdmin) return ACCOUNT_LINKS;
  return [...ACCOUNT_LINKS.slice(0, -1), { to: '/admin', label: 'Back office' }, ...ACCOUNT_LINKS.slice(-1)];
}
