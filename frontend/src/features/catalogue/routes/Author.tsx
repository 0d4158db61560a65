import { Link, useParams } from 'react-router';
import { BookGrid } from '@/components/BookCard';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useAuthor } from '../api/authors';
import { isNotFound, LoadError, NotFoundMessage } from '../components/Messages';
import '../catalogue.css';
import './author.css';

/** /authors/:slug */
export default function AuthorRoute() {
  const { slug = '' } = useParams();
  const query = useAuthor(slug);
  const author = query.data?.author;
  useDocumentTitle(author?.name ?? 'Author');

  if (query.isError && isNotFound(query.error)) return <NotFoundMessage title="Author not found" />;

  return (
    <div className="page catalogue author-page">
      <p className="back-link">
        <Link to="/authors">← All authors</Link>
      </p>
      {query.isPending ? <Spinner label="Loading the author…" /> : null}
      {query.isError ? <LoadError error={query.error} /> : null}
      {author && query.data ? (
        <>
          <header className="author-page__header">
            {author.photo ? <img className="author-page__photo" src={author.photo} alt={`Portrait of ${author.name}`} width={160} height={160} /> : null}
            <div>
              <h1 className="page__title">{author.name}</h1>
              <p className="author-page__bio">{author.bio}</p>
            </div>
          </header>
          <section className="catalogue__section" aria-labelledby="author-books-title">
            <h2 id="author-books-title" className="catalogue__heading">
              Books by {author.name}
            </h2>
            {query.data.books.length === 0 ? (
              <p className="empty-state">No summaries of this author’s books yet.</p>
            ) : (
              <BookGrid books={query.data.books} label={`Books by ${author.name}`} />
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
