import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useOnChange } from '@/components/use-on-change';
import { useSession } from '@/lib/auth/session-api';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { Icon } from '@/components/Icon';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import { accountLinks, PUBLIC_LINKS } from './nav-links';
import { UserMenu } from './UserMenu';
import './header.css';

const MOBILE_MENU_ID = 'mobile-menu';

/** The signed-in links of the mobile menu (an admin's include the back office). */
function MobileAccountLinks() {
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

export function Header() {
  const authenticated = useIsAuthenticated();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useOnChange(location.pathname + location.search, () => setMenuOpen(false));

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="Gistbook home">
          <Logo />
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          <ul>
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch variant="bar" />
        <Link to="/search" className="site-header__search-link" aria-label="Search books">
          <Icon name="search" size={20} />
        </Link>
        <div className="site-header__actions">
          {authenticated ? (
            <UserMenu />
          ) : (
            <>
              <NavLink to="/login" className="site-header__login">
                Login
              </NavLink>
              <Link to="/signup" className="btn btn--primary btn--sm">
                Try it free
              </Link>
            </>
          )}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={menuOpen ? 'burger burger--open' : 'burger'} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </button>
      </div>
      <div id={MOBILE_MENU_ID} className="mobile-menu" hidden={!menuOpen}>
        <HeaderSearch variant="menu" />
        <nav aria-label="Mobile">
          <ul className="mobile-menu__list">
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
          {authenticated ? (
            <>
              <p className="mobile-menu__heading">My Account</p>
              <MobileAccountLinks />
            </>
          ) : (
            <div className="mobile-menu__actions">
              <Link to="/login" className="btn btn--secondary btn--md btn--block">
                Login
              </Link>
              <Link to="/signup" className="btn btn--primary btn--md btn--block">
                Try it free
              </Link>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
