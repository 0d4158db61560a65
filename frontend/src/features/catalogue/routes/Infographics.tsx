import { Link } from 'react-router';
import { bookHref } from '@/components/BookCard';
import { Icon } from '@/components/Icon';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useInfographics } from '../api/infographics';
import { LoadError } from '../components/Messages';
import '../catalogue.css';
import './infographics.css';

/** /infographics: one per book; the image only for members entitled to it, a locked tile otherwise. */
export default function InfographicsRoute() {
  const query = useInfographics();
  useDocumentTitle('Infographics');
  const items = query.data?.infographics ?? [];

  return (
    <div className="page catalogue infographics-page">
      <header className="page__header">
        <h1 className="page__title">Infographics</h1>
        <p className="page__lead">Each book’s key ideas on a single page, to print, pin up or revisit in a minute.</p>
      </header>
      {query.isPending ? <Spinner label="Loading infographics…" /> : null}
      {query.isError ? <LoadError error={query.error} /> : null}
      {query.data && items.length === 0 ? <p className="empty-state">No infographics yet.</p> : null}
      {items.length > 0 ? (
        <ul className="infographic-grid">
          {items.map(({ book, image }) => (
            <li key={book.id}>
              <article className="infographic" data-testid="infographic">
                <div className="infographic__book">
                  {book.image ? (
                    <img
                      className="infographic__cover"
                      src={book.image}
                      alt={`Cover of ${book.title}`}
                      width={56}
                      height={75}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : null}
                  <div>
                    <h2 className="infographic__title">
                      <Link to={bookHref(book)}>{book.title}</Link>
                    </h2>
                    <p className="infographic__author">{book.author}</p>
                  </div>
                </div>
                {image ? (
                  <a
                    className="infographic__image-link"
                    href={image}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Open full size: ${book.title} infographic (opens in a new tab)`}
                  >
                    <img className="infographic__image" src={image} alt="" loading="lazy" decoding="async" />
                    <span className="infographic__open">Open full size</span>
                  </a>
                ) : (
                  <div className="infographic__locked">
                    <Icon name="lock" size={28} />
                    <Link to="/try" className="btn btn--secondary btn--sm">
                      Upgrade to access infographics
                    </Link>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
