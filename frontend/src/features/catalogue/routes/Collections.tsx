import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useCollections } from '../api/collections';
import { LoadError } from '../components/Messages';
import { countText } from '../components/PagedBooks';
import '@/components/book-card.css';
import '../catalogue.css';

/** /collections */
export default function CollectionsRoute() {
  const collections = useCollections();
  useDocumentTitle('Collections');
  return (
    <div className="page catalogue">
      <header className="page__header">
        <h1 className="page__title">Collections</h1>
        <p className="page__lead">Hand-picked sets of summaries around one theme.</p>
      </header>
      {collections.isPending ? <Spinner label="Loading collections…" /> : null}
      {collections.isError ? <LoadError error={collections.error} /> : null}
      {collections.data ? (
        collections.data.collections.length === 0 ? (
          <p className="empty-state">No collections yet.</p>
        ) : (
          <ul className="tile-grid">
            {collections.data.collections.map((collection) => (
              <li key={collection.id}>
                <article className="tile">
                  {collection.image ? (
                    <img className="tile__image" src={collection.image} alt="" loading="lazy" decoding="async" />
                  ) : (
                    <div className="tile__image" aria-hidden="true" />
                  )}
                  <div className="tile__body">
                    <h2 className="tile__title">
                      <Link className="tile__link" to={`/collections/${encodeURIComponent(collection.slug)}`}>
                        {collection.title}
                      </Link>
                    </h2>
                    <p className="tile__text">{collection.description}</p>
                    <p className="tile__meta">{countText(collection.bookCount)}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
