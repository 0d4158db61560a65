import { Link } from 'react-router';
import { lazy, Suspense } from 'react';
import { SUPPORT_EMAIL } from '@/lib/constants';
import { Logo } from './Logo';
import { FOOTER_COLUMNS, SOCIAL_LINKS } from './nav-links';
import './footer.css';

// The configured phone and store links come from the server after the first route (they are
// never made up, and the query code stays out of the first route's size budget).
const FooterPhone = lazy(() => import(/* webpackChunkName: "footer-links" */ './FooterLinks').then((m) => ({ default: m.FooterPhone })));
const FooterStores = lazy(() => import(/* webpackChunkName: "footer-links" */ './FooterLinks').then((m) => ({ default: m.FooterStores })));

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" aria-label="Gistbook home" className="site-footer__logo">
            <Logo />
          </Link>
          <p>The big ideas of the best non-fiction books, in about 15 minutes each.</p>
          <ul className="site-footer__contact">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
            <Suspense fallback={null}>
              <FooterPhone />
            </Suspense>
          </ul>
          <ul className="site-footer__social" aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-label={link.label} target="_blank" rel="noopener noreferrer">
                  <span aria-hidden="true">{link.short}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} className="site-footer__column" aria-label={column.title}>
            <h2 className="site-footer__heading">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <Suspense fallback={null}>
          <FooterStores />
        </Suspense>
      </div>
      <div className="container site-footer__bottom">
        <p>© 2022 Gistbook. All rights reserved.</p>
      </div>
    </footer>
  );
}
