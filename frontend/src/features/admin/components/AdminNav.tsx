import { NavLink } from 'react-router';

/** The screens of the back office; `also`: the addresses of the screens that belong to it (its add, edit and upload pages). */
export const ADMIN_SCREENS: readonly { to: string; label: string; end: boolean; also?: RegExp }[] = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Members', end: false, also: /^\/admin\/user-edit\// },
  { to: '/admin/books-list', label: 'Books', end: false, also: /^\/admin\/book-/ },
  { to: '/admin/podcasts', label: 'Podcasts', end: false, also: /^\/admin\/podcast-/ },
  { to: '/admin/goals', label: 'Goals', end: false, also: /^\/admin\/goal-/ },
  { to: '/admin/blog-list', label: 'Blog', end: false, also: /^\/admin\/blog-/ },
  { to: '/admin/insights', label: 'Insights', end: false, also: /^\/admin\/insight-/ },
  { to: '/admin/collections', label: 'Collections', end: false, also: /^\/admin\/collection-/ },
  { to: '/admin/visuals', label: 'Visuals', end: false, also: /^\/admin\/visuals-/ },
  { to: '/admin/messages', label: 'Messages', end: false },
  { to: '/admin/affiliates', label: 'Affiliates', end: false },
  { to: '/admin/coupons', label: 'Coupons', end: false, also: /^\/admin\/coupon-/ },
  { to: '/admin/plans', label: 'Plans', end: false },
  { to: '/admin/stats', label: 'Stats', end: false },
  { to: '/admin/audit', label: 'Audit log', end: false },
];

export function AdminNav({ pathname }: { pathname: string }) {
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul className="admin-nav__list">
        {ADMIN_SCREENS.map((screen) => {
          const forced = screen.also?.test(pathname) ?? false;
          return (
            <li key={screen.to}>
              <NavLink
                to={screen.to}
                end={screen.end}
                className={({ isActive }) => (isActive || forced ? 'admin-nav__link admin-nav__link--active' : 'admin-nav__link')}
              >
                {screen.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
