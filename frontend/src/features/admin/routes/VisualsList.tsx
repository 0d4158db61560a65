import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { AdminVisualView } from '../api/types';
import { useDeleteVisual, useReorderVisuals, useVisuals } from '../api/visuals';
import { ListPage } from '../components/ListPage';

export const NO_VISUALS = 'No visuals yet.';

/** A book's slides together, in their order; slides of no book last. */
export function visualOrder(visuals: AdminVisualView[]): AdminVisualView[] {
  const book = (visual: AdminVisualView) => visual.bookId ?? Number.MAX_SAFE_INTEGER;
  return [...visuals].sort((a, b) => book(a) - book(b) || a.position - b.position || a.id - b.id);
}

/** The ids of a book's slides after moving one of them a place up (-1) or down (+1); null when it cannot move. */
export function moved(siblings: AdminVisualView[], id: number, step: -1 | 1): number[] | null {
  const ids = siblings.map((visual) => visual.id);
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to], ids[from]];
  return ids;
}

const buttonId = (id: number, step: -1 | 1) => `visual-${id}-${step < 0 ? 'up' : 'down'}`;

/**
 * /admin/visuals: ID, Book ID, Title, Edit, Photo and Delete (with a confirmation), and, beyond
 * the spec, the order of each book's slides (Move up / Move down, keyboard usable: focus stays
 * on the moved slide's button).
 */
export default function VisualsList() {
  useDocumentTitle('Visuals');
  const visuals = useVisuals();
  const remove = useDeleteVisual();
  const reorder = useReorderVisuals();
  const [notice, setNotice] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);
  const focusAfter = useRef<{ id: number; step: -1 | 1 } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // After a move (rendered in its new place) the moved slide's button keeps the focus, or its
  // other button once it reached an end.
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const wanted = document.getElementById(buttonId(target.id, target.step)) as HTMLButtonElement | null;
    const other = document.getElementById(buttonId(target.id, target.step < 0 ? 1 : -1)) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });

  const fail = (error: unknown) => {
    setNotice({ tone: 'warning', text: errorMessage(error) });
    scrollToTop();
  };

  const onDelete = (visual: AdminVisualView) => {
    if (!window.confirm(`Delete the visual “${visual.title}” (#${visual.id})? Members will no longer see it.`)) return;
    setNotice(null);
    remove.mutate(visual.id, {
      onSuccess: () => {
        setNotice({ tone: 'success', text: `The visual “${visual.title}” was deleted.` });
        noticeRef.current?.focus();
      },
      onError: fail,
    });
  };

  const onMove = (visual: AdminVisualView, siblings: AdminVisualView[], step: -1 | 1) => {
    const ids = visual.bookId === null ? null : moved(siblings, visual.id, step);
    if (!ids || visual.bookId === null || reorder.isPending) return;
    setNotice(null);
    reorder.mutate(
      { bookId: visual.bookId, ids },
      {
        onSuccess: () => {
          focusAfter.current = { id: visual.id, step };
          setNotice({
            tone: 'success',
            text: `“${visual.title}” moved ${step < 0 ? 'up' : 'down'}: slide ${ids.indexOf(visual.id) + 1} of ${ids.length} of book #${visual.bookId}.`,
          });
        },
        onError: fail,
      },
    );
  };

  return (
    <ListPage
      title="Visuals"
      lead="The slides of books’ visual summaries, each book’s in the order members see them."
      action={
        <Link className="btn btn--primary btn--md" to="/admin/visuals-add">
          Add visual
        </Link>
      }
      query={visuals}
      rows={visualOrder}
      loading="Loading visuals…"
      empty={NO_VISUALS}
      count={(rows) => (rows.length === 1 ? '1 visual.' : `${rows.length} visuals, by book and in order.`)}
      label="Visuals"
      columns={['ID', 'Book ID', 'Title', 'Edit', 'Photo', 'Delete', 'Order']}
      row={(visual, _index, rows) => {
        const siblings = visual.bookId === null ? [] : rows.filter((other) => other.bookId === visual.bookId);
        const place = siblings.findIndex((other) => other.id === visual.id);
        return (
          <tr key={visual.id}>
            <td>{visual.id}</td>
            <td>{visual.bookId ?? '–'}</td>
            <td className="admin-content__title">
              <span>{visual.title}</span>
              {visual.bookTitle ? <span className="admin-content__sub">{visual.bookTitle}</span> : null}
            </td>
            <td>
              <Link to={`/admin/visuals-update/${visual.id}`} aria-label={`Edit ${visual.title}`}>
                Edit
              </Link>
            </td>
            <td>
              <Link to={`/admin/visuals-photo/${visual.id}`} aria-label={`Photo of ${visual.title}`}>
                Photo
              </Link>
            </td>
            <td>
              <Button
                size="sm"
                variant="ghost"
                loading={remove.isPending && remove.variables === visual.id}
                onClick={() => onDelete(visual)}
                aria-label={`Delete ${visual.title}`}
              >
                Delete
              </Button>
            </td>
            <td>
              {siblings.length > 1 ? (
                <div className="admin-order" role="group" aria-label={`Order of ${visual.title}: slide ${place + 1} of ${siblings.length}`}>
                  <button
                    type="button"
                    id={buttonId(visual.id, -1)}
                    className="admin-order__button"
                    disabled={place === 0}
                    onClick={() => onMove(visual, siblings, -1)}
                    aria-label={`Move ${visual.title} up`}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    id={buttonId(visual.id, 1)}
                    className="admin-order__button"
                    disabled={place === siblings.length - 1}
                    onClick={() => onMove(visual, siblings, 1)}
                    aria-label={`Move ${visual.title} down`}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <span className="admin-order__place" aria-hidden="true">
                    {place + 1}/{siblings.length}
                  </span>
                </div>
              ) : null}
            </td>
          </tr>
        );
      }}
    >
      <div ref={noticeRef} tabIndex={-1} className="admin-content__notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
    </ListPage>
  );
}
