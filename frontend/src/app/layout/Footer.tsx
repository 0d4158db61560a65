import { Link } from 'react-router';
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '@/lib/constants';
import { Logo } from './Logo';
import { APP_LINKS, FOOTER_COLUMNS, SOCIAL_LINKS } from './nav-links';
import './footer.css';

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
            <li>
              <a href={SUPPORT_PHONE_HREF}>{SUPPORT_PHONE}</a>
            </li>
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
        <div className="site-footer__apps">
          <h2 className="site-footer__heading">Get the app</h2>
          <ul>
            {APP_LINKS.map((app) => (
              <li key={app.href}>
                <a className="store-badge" href={app.href} target="_blank" rel="noopener noreferrer">
                  <small>{app.small}</small>
                  <strong>{app.big}</strong>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>© 2022 Gistbook. All rights reserved.</p>
      </div>
    </footer>
  );
}
