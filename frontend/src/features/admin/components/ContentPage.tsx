import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';

/** A back-office page's header: the way back to its list, the title and a line about the item. */
export function PageHeader({ back, title, lead, action }: { back?: { to: string; label: string }; title: ReactNode; lead?: ReactNode; action?: ReactNode }) {
  return (
    <header className={action ? 'page__header admin-heading' : 'page__header'}>
      <div>
        {back ? (
          <p className="admin-back">
            <Link to={back.to}>← {back.label}</Link>
          </p>
        ) : null}
        <h1 className="page__title">{title}</h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </div>
      {action}
    </header>
  );
}

export interface LinkItem {
  to: string;
  label: string;
}

/** A list of links (an item's files, its edit page...). */
export function LinkList({ links, label }: { links: LinkItem[]; label: string }) {
  return (
    <ul className="admin-links" aria-label={label}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * After an add: only the success text (spec §4: add screens show a success message only), what
 * was added, and the ways on: its files, its edit page, or another one.
 */
export function AddedCard({
  message,
  heading,
  next,
  links = [],
  edit,
  againLabel,
  onAgain,
}: {
  message: string;
  heading: string;
  next?: string;
  links?: LinkItem[];
  edit?: LinkItem;
  againLabel: string;
  onAgain: () => void;
}) {
  return (
    <section className="card admin-card" aria-labelledby="added-title">
      <Alert tone="success">{message}</Alert>
      <h2 id="added-title" className="card__title">
        {heading}
      </h2>
      {next ? <p>{next}</p> : null}
      {links.length > 0 ? <LinkList links={links} label={`Files of ${heading}`} /> : null}
      <div className="admin-form__actions">
        {edit ? (
          <Link className="btn btn--primary btn--md" to={edit.to}>
            {edit.label}
          </Link>
        ) : null}
        <Button variant="ghost" onClick={onAgain}>
          {againLabel}
        </Button>
      </div>
    </section>
  );
}
