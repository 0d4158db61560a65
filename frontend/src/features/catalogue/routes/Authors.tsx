import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AuthorView } from '../api/types';
import { useAuthors } from '../api/authors';
import { LoadError } from '../components/Messages';
import { countText } from '../components/PagedBooks';
import '../catalogue.css';
import './authors.css';

/** The letter an author is filed under: the first letter of the name, accents removed; '#' otherwise. */
export function indexLetter(name: string): string {
  const letter = name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(letter) ? letter : '#';
}

/** Authors grouped by letter, both sorted A to Z. */
export function groupAuthors(authors: AuthorView[]): [string, AuthorView[]][] {
  const sorted = [...authors].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  const groups = new Map<string, AuthorView[]>();
  for (const author of sorted) {
    const letter = indexLetter(author.name);
    groups.set(letter, [...(groups.get(letter) ?? []), author]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)));
}

/** The first sentence-ish part of a bio, cut at a word boundary. */
export function excerpt(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,.;:\s]+$/, '')}…`;
}

/** /authors: the author directory, A to Z. */
export default function AuthorsRoute() {
  const authors = useAuthors();
  useDocumentTitle('Book Authors');
  const groups = authors.data ? groupAuthors(authors.data.authors) : [];

  return (
    <div className="page catalogue authors-page">
      <header className="page__header">
        <h1 className="page__title">Book Authors</h1>
        <p className="page__lead">The writers behind our summaries, from A to Z.</p>
      </header>
      {authors.isPending ? <Spinner label="Loading authors…" /> : null}
      {authors.isError ? <LoadError error={authors.error} /> : null}
      {authors.data && groups.length === 0 ? <p className="empty-state">No authors yet.</p> : null}
      {groups.length > 0 ? (
        <>
          <nav className="letter-nav" aria-label="Authors by letter">
            <ul>
              {groups.map(([letter]) => (
                <li key={letter}>
                  <a href={`#authors-${letter === '#' ? 'other' : letter}`}>{letter}</a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map(([letter, list]) => (
            <section key={letter} className="catalogue__section" aria-labelledby={`authors-${letter === '#' ? 'other' : letter}`}>
              <h2 id={`authors-${letter === '#' ? 'other' : letter}`} className="letter-heading" tabIndex={-1}>
                {letter}
              </h2>
              <ul className="author-list">
                {list.map((author) => (
                  <li key={author.id} className="author-item">
                    {author.photo ? (
                      <img className="author-item__photo" src={author.photo} alt="" width={72} height={72} loading="lazy" decoding="async" />
                    ) : (
                      <span className="author-item__photo" aria-hidden="true" />
                    )}
                    <div>
                      <h3 className="author-item__name">
                        <Link to={`/authors/${encodeURIComponent(author.slug)}`}>{author.name}</Link>
                      </h3>
                      <p className="author-item__bio">{excerpt(author.bio)}</p>
                      <p className="tile__meta">{countText(author.bookCount)}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
    </div>
  );
}
