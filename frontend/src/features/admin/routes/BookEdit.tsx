import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useCategories } from '@/lib/catalogue/categories-api';
import { useBook, useUpdateBook } from '../api/books';
import { useGoals } from '../api/goals';
import { QueryError } from '../components/AccessPages';
import { BOOK_UPDATED, bookFields, bookRequest } from '../components/book-fields';
import { BookLinks } from '../components/BookLinks';
import { AdminForm } from '../components/form/AdminForm';
import '../books.css';
import { SavedHtmlPreview } from '../components/SavedHtmlPreview';

/** /admin/book-edit/{bookId}: every field; after a save the form shows the stored values and 'Book was updated.'. */
export default function BookEdit() {
  const id = Number(useParams().bookId);
  useDocumentTitle(`Edit book #${id}`);
  const book = useBook(id);
  const categories = useCategories();
  const goals = useGoals();
  const update = useUpdateBook(id);
  const [saved, setSaved] = useState<{ version: number } | null>(null);

  return (
    <>
      <header className="page__header">
        <p className="admin-back">
          <Link to="/admin/books-list">← Back to the books list</Link>
        </p>
        <h1 className="page__title">Edit book #{id}</h1>
        {book.data ? (
          <p className="page__lead">
            {book.data.title} by {book.data.author}
            {book.data.deleted ? ' (deleted: members do not see it)' : ''}
            {book.data.preview ? ' (this month\u2019s preview for free members)' : ''}
          </p>
        ) : null}
      </header>
      {book.isError ? <QueryError error={book.error} /> : null}
      {categories.isError ? <QueryError error={categories.error} /> : null}
      {goals.isError ? <QueryError error={goals.error} /> : null}
      {book.isPending || categories.isPending || goals.isPending ? <Spinner label="Loading the book…" /> : null}
      {book.data && categories.data && goals.data ? (
        <div className="book-edit">
          <section className="card admin-card">
            <AdminForm
              key={saved?.version ?? 0}
              fields={bookFields(categories.data.categories, book.data, goals.data)}
              submitLabel="Save book"
              onSubmit={async (values) => {
                await update.mutateAsync(bookRequest(values, book.data));
                setSaved((previous) => ({ version: (previous?.version ?? 0) + 1 }));
                return BOOK_UPDATED;
              }}
              initialStatus={saved ? { kind: 'success', message: BOOK_UPDATED } : undefined}
              after={{
                image: book.data.imageUrl ? (
                  <img className="book-edit__cover" src={book.data.imageUrl} alt={`Cover of ${book.data.title}`} width={160} height={240} />
                ) : (
                  <Link to={`/admin/book-photo/${id}`}>Upload a cover</Link>
                ),
              }}
            />
          </section>
          <aside className="book-edit__side">
            <section className="card admin-card" aria-labelledby="files-title">
              <h2 id="files-title" className="card__title">
                Files
              </h2>
              <BookLinks id={id} title={book.data.title} />
            </section>
            <section className="card admin-card" aria-labelledby="preview-title">
              <h2 id="preview-title" className="card__title">
                Summary preview
              </h2>
              <p className="field__hint">The summary as saved (the server removes unsafe HTML); edits show here after saving.</p>
              {book.data.body ? <SavedHtmlPreview className="book-edit__preview" label="Saved summary" html={book.data.body} /> : <p>No summary yet.</p>}
            </section>
          </aside>
        </div>
      ) : null}
    </>
  );
}
