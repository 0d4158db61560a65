import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { AdminBookRow } from '../api/types';
import { useBookAction, useBooks, type BookAction, type BookSort } from '../api/books';
import { UPLOAD_SCREENS } from '../api/upload';
import { ListPage } from '../components/ListPage';
import '../books.css';

export const EMPTY_TEXT = 'No books found.';
export const PREVIEW_LABEL = "Make this month's preview";

function parseSort(value: string | null): BookSort {
  return value === 'id' || value === 'title' ? value : 'uploadDate';
}

const DONE: Record<BookAction, (title: string) => string> = {
  delete: (title) => `“${title}” was deleted; members no longer see it.`,
  restore: (title) => `“${title}” was restored.`,
  preview: (title) => `“${title}” is this month's preview for free members.`,
};

/** Members lose a deleted book at once; the list keeps it, to restore. */
export function deleteQuestion(title: string): string {
  return `Delete “${title}”? Members lose it at once: it leaves the catalogue, their libraries and the reader. You can restore it from this list.`;
}

function SortHeader({ column, label, sort, onSort }: { column: BookSort; label: string; sort: BookSort; onSort: (sort: BookSort) => void }) {
  const active = sort === column;
  return (
    <th scope="col" aria-sort={active ? 'ascending' : undefined}>
      <button type="button" className="admin-sort" onClick={() => onSort(column)}>
        {label}
        <span className="admin-sort__mark" aria-hidden="true">
          {active ? '▲' : '↕'}
        </span>
      </button>
    </th>
  );
}

/** /admin/books-list: ID and Title sort on click (upload date, newest first, by default), the actions of each book. */
export default function BooksList() {
  useDocumentTitle('Books');
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'));
  const books = useBooks(sort);
  const action = useBookAction();
  const [notice, setNotice] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);

  const run = (book: AdminBookRow, kind: BookAction) => {
    if (kind === 'delete' && !window.confirm(deleteQuestion(book.title))) return;
    setNotice(null);
    action.mutate(
      { id: book.id, action: kind },
      {
        onSuccess: () => setNotice({ tone: 'success', text: DONE[kind](book.title) }),
        onError: (error) => {
          setNotice({ tone: 'warning', text: errorMessage(error) });
          scrollToTop();
        },
      },
    );
  };
  const busy = (book: AdminBookRow, kind: BookAction) => action.isPending && action.variables?.id === book.id && action.variables.action === kind;

  return (
    <ListPage
      title="Books"
      action={
        <Link className="btn btn--primary btn--md" to="/admin/book-add">
          Add book
        </Link>
      }
      query={books}
      rows={(data) => data}
      loading="Loading books…"
      empty={EMPTY_TEXT}
      count={(rows) => (
        <>
          {rows.length === 1 ? '1 book' : `${rows.length} books`}
          {sort === 'uploadDate' ? ', newest first.' : sort === 'id' ? ', by ID.' : ', by title.'}
        </>
      )}
      label="Books"
      tableClass="admin-books"
      columns={[
        <SortHeader column="id" label="ID" sort={sort} onSort={(next) => setParams({ sort: next })} />,
        <SortHeader column="title" label="Title" sort={sort} onSort={(next) => setParams({ sort: next })} />,
        'Actions',
      ]}
      row={(book) => (
        <tr key={book.id} className={book.deleted ? 'admin-books__row--deleted' : undefined}>
          <td>{book.id}</td>
          <td className="admin-books__title">
            <span>
              {book.title} by {book.author}
            </span>
            {book.deleted ? <span className="badge admin-badge--deleted">Deleted</span> : null}
            {book.preview ? <span className="badge badge--success">This month's preview</span> : null}
          </td>
          <td>
            <ul className="admin-books__actions" aria-label={`Actions for ${book.title}`}>
              <li>
                <Link to={`/admin/book-edit/${book.id}`} aria-label={`Edit ${book.title}`}>
                  Edit
                </Link>
              </li>
              {UPLOAD_SCREENS.map((screen) => (
                <li key={screen.slot}>
                  <Link to={`/admin/book-${screen.slot}/${book.id}`} aria-label={`${screen.short} of ${book.title}`}>
                    {screen.short}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="admin-books__buttons">
              {book.deleted ? (
                <Button size="sm" variant="ghost" loading={busy(book, 'restore')} onClick={() => run(book, 'restore')} aria-label={`Restore ${book.title}`}>
                  Restore
                </Button>
              ) : (
                <Button size="sm" variant="ghost" loading={busy(book, 'delete')} onClick={() => run(book, 'delete')} aria-label={`Delete ${book.title}`}>
                  Delete
                </Button>
              )}
              {!book.deleted && !book.preview ? (
                <Button
                  size="sm"
                  variant="ghost"
                  loading={busy(book, 'preview')}
                  onClick={() => run(book, 'preview')}
                  aria-label={`${PREVIEW_LABEL}: ${book.title}`}
                >
                  {PREVIEW_LABEL}
                </Button>
              ) : null}
            </div>
          </td>
        </tr>
      )}
    >
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </ListPage>
  );
}
