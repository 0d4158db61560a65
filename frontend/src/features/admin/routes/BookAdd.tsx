import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useDocumentTitle } from '@/components/use-document-title';
import { useCategories } from '@/lib/catalogue/categories-api';
import type { AdminBook } from '../api/types';
import { useAddBook } from '../api/books';
import { useGoals } from '../api/goals';
import { QueryError } from '../components/AccessPages';
import { BOOK_ADDED, bookFields, bookRequest } from '../components/book-fields';
import { BookLinks } from '../components/BookLinks';
import { AdminForm } from '../components/form/AdminForm';
import '../books.css';

/** /admin/book-add: the form, then only 'Book was added.' with the ways on (spec §4). */
export default function BookAdd() {
  useDocumentTitle('Add book');
  const categories = useCategories();
  const goals = useGoals();
  const add = useAddBook();
  const [added, setAdded] = useState<AdminBook | null>(null);

  return (
    <>
      <header className="page__header">
        <p className="admin-back">
          <Link to="/admin/books-list">← Books</Link>
        </p>
        <h1 className="page__title">Add book</h1>
      </header>
      {added ? (
        <section className="card admin-card" aria-labelledby="added-title">
          <Alert tone="success">{BOOK_ADDED}</Alert>
          <h2 id="added-title" className="card__title">
            “{added.title}” (#{added.id})
          </h2>
          <p>Next, upload its cover (the book needs one before it can be edited) and its other files:</p>
          <BookLinks id={added.id} title={added.title} />
          <div className="admin-form__actions">
            <Link className="btn btn--primary btn--md" to={`/admin/book-edit/${added.id}`}>
              Edit the book
            </Link>
            <Button variant="ghost" onClick={() => setAdded(null)}>
              Add another book
            </Button>
          </div>
        </section>
      ) : (
        <section className="card admin-card">
          {categories.isError ? <QueryError error={categories.error} /> : null}
          {goals.isError ? <QueryError error={goals.error} /> : null}
          <AdminForm
            fields={bookFields(categories.data?.categories ?? [], undefined, goals.data ?? [])}
            loading={categories.isPending || goals.isPending}
            loadingLabel="Loading categories and goals…"
            submitLabel="Add book"
            submittingLabel="Adding…"
            onSubmit={async (values) => {
              setAdded(await add.mutateAsync(bookRequest(values)));
            }}
          />
        </section>
      )}
    </>
  );
}
