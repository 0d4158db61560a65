import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useOnChange } from '@/components/use-on-change';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { useReturnPath, withRedirect } from '@/lib/auth/redirect';
import { Icon } from '@/components/Icon';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import { PUBLIC_LINKS } from './nav-links';
// The account button's look is needed before its code (the placeholder below), so its stylesheet
// stays with the header's.
import './user-menu.css';
import './header.css';

// The signed-in parts (the account dropdown, the mobile menu's account links, the session query
// behind them) are one lazy chunk: visitors, whose first page must load fast, never download them.
const UserMenu = lazy(() => import(/* webpackChunkName: "signed-in-header" */ './UserMenu').then((module) => ({ default: module.UserMenu })));
const MobileAccountLinks = lazy(() =>
  import(/* webpackChunkName: "signed-in-header" */ './MobileAccountLinks').then((module) => ({ default: module.MobileAccountLinks })),
);

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The account button as it looks before the dropdown's code has arrived: the same boxes and text,
 * so the header does not move when the real one replaces it. Hidden from assistive technology (it
 * does nothing yet); the real button follows within a moment.
 */
function UserMenuPlaceholder() {
  return (
    <div className="user-menu" aria-hidden="true">
      <span className="user-menu__button user-menu__button--placeholder">
        <span className="user-menu__avatar">☺</span>
        <span>My Account</span>
        <span className="user-menu__caret">▾</span>
      </span>
    </div>
  );
}

export function Header() {
  const authenticated = useIsAuthenticated();
  // Signing in or up from the header comes back to this page.
  const back = useReturnPath();
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
            <Suspense fallback={<UserMenuPlaceholder />}>
              <UserMenu />
            </Suspense>
          ) : (
            <>
              <NavLink to={withRedirect('/login', back)} className="site-header__login">
                Login
              </NavLink>
              <Link to={withRedirect('/signup', back)} className="btn btn--primary btn--sm">
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
              <Suspense fallback={null}>
                <MobileAccountLinks />
              </Suspense>
            </>
          ) : (
            <div className="mobile-menu__actions">
              <Link to={withRedirect('/login', back)} className="btn btn--secondary btn--md btn--block">
                Login
              </Link>
              <Link to={withRedirect('/signup', back)} className="btn btn--primary btn--md btn--block">
                Try it free
              </Link>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
