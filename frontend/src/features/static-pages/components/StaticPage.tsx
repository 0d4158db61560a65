import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import '../static-pages.css';

export interface StaticSection {
  /** The section's anchor (`/privacy#cookies`). */
  id: string;
  title: string;
  content: ReactNode;
}

interface StaticPageProps {
  title: string;
  lead: ReactNode;
  /** When the text last changed, as 'yyyy-mm-dd' (legal pages). */
  updated?: string;
  sections: StaticSection[];
  /** What follows the sections (a call to action). */
  footer?: ReactNode;
}

function longDate(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * A page of text (about, terms, privacy): the title, a contents list of in-page links and one
 * section per heading. On narrow screens the contents come first; from 900 px they sit beside the
 * text and stay in view.
 */
export function StaticPage({ title, lead, updated, sections, footer }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <div className="page static-page">
      <header className="page__header static-page__header">
        <h1 className="page__title">{title}</h1>
        <p className="page__lead static-page__lead">{lead}</p>
        {updated ? (
          <p className="static-page__updated">
            Last updated: <time dateTime={updated}>{longDate(updated)}</time>
          </p>
        ) : null}
      </header>
      <div className="static-page__layout">
        <nav className="static-page__toc" aria-labelledby="static-page-toc">
          <h2 id="static-page-toc" className="static-page__toc-title">
            On this page
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="static-page__body">
          {sections.map((section) => (
            <section key={section.id} id={section.id} className="static-page__section" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.content}
            </section>
          ))}
          {footer}
        </div>
      </div>
    </div>
  );
}
