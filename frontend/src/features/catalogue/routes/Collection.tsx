import { Link, useParams } from 'react-router';
import { BookGrid } from '@/components/BookCard';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useCollection } from '../api/collections';
import { isNotFound, LoadError, NotFoundMessage } from '../components/Messages';
import { countText } from '../components/PagedBooks';
import '../catalogue.css';

/** /collections/:slug */
export default function CollectionRoute() {
  const { slug = '' } = useParams();
  const query = useCollection(slug);
  useDocumentTitle(query.data?.collection.title ?? 'Collection');

  if (query.isError && isNotFound(query.error)) return <NotFoundMessage title="Collection not found" />;

  return (
    <div className="page catalogue collection-page">
      <p className="back-link">
        <Link to="/collections">← Back to collections</Link>
      </p>
      {query.isPending ? <Spinner label="Loading the collection…" /> : null}
      {query.isError ? <LoadError error={query.error} /> : null}
      {query.data ? (
        <>
          <header className="page__header collection-page__header">
            {query.data.collection.image ? <img className="collection-page__image" src={query.data.collection.image} alt="" /> : null}
            <div>
              <h1 className="page__title">{query.data.collection.title}</h1>
              <p className="page__lead">{query.data.collection.description}</p>
              <p className="tile__meta">{countText(query.data.books.length)}</p>
            </div>
          </header>
          {query.data.books.length === 0 ? (
            <p className="empty-state">This collection has no books yet.</p>
          ) : (
            <BookGrid books={query.data.books} label={query.data.collection.title} headingLevel={2} />
          )}
        </>
      ) : null}
    </div>
  );
}
