import { NavLink } from 'react-router';
import { useSession } from '@/lib/auth/session-api';
import { accountLinks } from './account-links';

/** The signed-in links of the mobile menu (an admin's include the back office). */
export function MobileAccountLinks() {
  const session = useSession();
  return (
    <ul className="mobile-menu__list">
      {accountLinks(session.data?.user.isAdmin ?? false).map((link) => (
        <li key={`${link.to}-${link.label}`}>
          <NavLink to={link.to}>{link.label}</NavLink>
        </li>
      ))}
    </ul>
  );
}
