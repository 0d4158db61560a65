import { NavLink } from 'react-router';
import { builtLinks } from '@/lib/pending-pages';

interface SidebarLink {
  to: string;
  label: string;
}

/** The sidebar's links (member spec §2, Home), without those to pages not built yet. */
export function homeSidebarLinks(isPaid: boolean): SidebarLink[] {
  return builtLinks([
    { to: '/books', label: 'Book Summaries' },
    { to: '/infographics', label: 'Infographics' },
    { to: '/podcasts', label: 'Podcasts' },
    ...(isPaid ? [] : [{ to: '/try', label: 'Upgrade to Premium' }]),
    { to: '/teams', label: 'Teams' },
    { to: '/account', label: 'Account' },
    { to: '/my-progress', label: 'My Progress' },
    { to: '/library', label: 'My Library' },
    { to: '/blog/whats-new', label: "What's New" },
    { to: '/contact', label: 'Suggest a Book' },
    { to: '/contact', label: 'Contact Us' },
    { to: '/refer-a-friend', label: 'Refer a Friend' },
    { to: '/ten-day-challenge', label: 'Ten Day Challenge' },
    { to: '/logout', label: 'Logout' },
  ]);
}

export function HomeSidebar({ isPaid }: { isPaid: boolean }) {
  return (
    <nav className="home-sidebar" aria-label="My Gistbook">
      <ul>
        {homeSidebarLinks(isPaid).map((link) => (
          <li key={`${link.to}-${link.label}`}>
            <NavLink to={link.to} className={link.to === '/try' ? 'home-sidebar__upgrade' : undefined}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
