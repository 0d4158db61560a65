import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import { COLOUR_NAMES, HighlightEditor, asColour } from '@/components/HighlightEditor';
import { errorMessage } from '@/lib/api/client';
import type { HighlightInBook } from '@/lib/api/types';
import { useEditHighlight, useRemoveHighlight } from '@/lib/highlights/api';

/** One highlight on /highlights: book, quote, note, colour; Edit, Remove and "Add to daily review". */
export function HighlightItem({ item, onChanged }: { item: HighlightInBook; onChanged: (message: string) => void }) {
  const { book, highlight } = item;
  const [editing, setEditing] = useState(false);
  const edit = useEditHighlight();
  const remove = useRemoveHighlight();
  // Its own call, apart from the editor's: the checkbox answers at once and the form stays as it is.
  const reviewMark = useEditHighlight();
  const quoteId = useId();
  // While the change is on its way the box shows what was asked (the list is read again after it).
  const inReview = reviewMark.isPending ? Boolean(reviewMark.variables.review) : highlight.review;
  const colour = asColour(highlight.colour);
  const readerPath = `/books/${encodeURIComponent(book.subid)}`;
  const date = new Date(highlight.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  const failure = edit.error ?? remove.error ?? reviewMark.error;

  const toggleReview = (review: boolean) => {
    if (reviewMark.isPending) return;
    reviewMark.mutate({ id: highlight.id, review }, { onSuccess: () => onChanged(review ? 'Added to daily review.' : 'Removed from daily review.') });
  };

  return (
    <li className={`highlights__item highlights__item--${colour}`}>
      <p className="highlights__book">
        <Link to={readerPath}>{book.title}</Link>
        <span className="highlights__meta">
          <span className={`highlight-chip highlight-chip--${colour}`} aria-hidden="true" /> {COLOUR_NAMES[colour]} · {date}
        </span>
        {highlight.orphaned ? <span className="badge highlights__orphaned">No longer in the summary</span> : null}
      </p>
      <blockquote id={quoteId} className="highlights__quote">
        {highlight.quote}
      </blockquote>
      {highlight.note && !editing ? <p className="highlights__note">{highlight.note}</p> : null}
      {editing ? (
        <HighlightEditor
          initial={{ colour, note: highlight.note ?? '' }}
          busy={edit.isPending}
          error={edit.error ? errorMessage(edit.error) : null}
          onCancel={() => setEditing(false)}
          onSave={(change) =>
            edit.mutate(
              { id: highlight.id, colour: change.colour, note: change.note },
              {
                onSuccess: () => {
                  setEditing(false);
                  onChanged('Highlight saved.');
                },
              },
            )
          }
        />
      ) : (
        <div className="highlights__actions">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit note or colour: ${shorten(highlight.quote)}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            loading={remove.isPending}
            aria-label={`Remove highlight: ${shorten(highlight.quote)}`}
            onClick={() => remove.mutate(highlight.id, { onSuccess: () => onChanged('Highlight removed.') })}
          >
            Remove
          </Button>
          <label className="highlights__review">
            <input
              type="checkbox"
              checked={inReview}
              aria-describedby={quoteId}
              aria-disabled={reviewMark.isPending || undefined}
              onChange={(e) => toggleReview(e.target.checked)}
            />
            Add to daily review
          </label>
        </div>
      )}
      {failure && !editing ? (
        <p className="highlights__error" role="alert">
          {errorMessage(failure)}
        </p>
      ) : null}
    </li>
  );
}

function shorten(text: string): string {
  const chars = Array.from(text);
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : text;
}
