import { useId, useState, type FormEvent } from 'react';
import { Button } from './Button';
import { TextAreaField } from './form/Field';
import { HIGHLIGHT_COLOURS, NOTE_MAX, type HighlightColour } from '@/lib/highlights/api';
import './highlight.css';

export interface HighlightEdit {
  colour: HighlightColour;
  note: string;
  /** Marked for the daily review; left out, the editor does not offer the box (a new highlight's note). */
  review?: boolean;
}

interface HighlightEditorProps {
  initial: HighlightEdit;
  onSave: (edit: HighlightEdit) => void;
  onCancel: () => void;
  busy?: boolean;
  /** Shown under the form (the server's message on a failure). */
  error?: string | null;
  /** Offer the colour choice (the reader's "Add note" asks only for the note). */
  withColour?: boolean;
}

/**
 * A highlight's colour (three radio buttons), note (at most 2,000 characters) and, when `initial`
 * says whether it is, its daily-review mark; Save and Cancel.
 */
export function HighlightEditor({ initial, onSave, onCancel, busy = false, error, withColour = true }: HighlightEditorProps) {
  const [colour, setColour] = useState<HighlightColour>(initial.colour);
  const [note, setNote] = useState(initial.note);
  const [review, setReview] = useState(initial.review);
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(review === undefined ? { colour, note: note.trim() } : { colour, note: note.trim(), review });
  };
  return (
    <form className="highlight-editor" onSubmit={submit}>
      {withColour ? (
        <fieldset className="highlight-editor__colours">
          <legend>Colour</legend>
          {HIGHLIGHT_COLOURS.map((c) => (
            <label key={c} className="highlight-editor__colour">
              <input type="radio" name={name} value={c} checked={colour === c} onChange={() => setColour(c)} />
              <span className={`highlight-chip highlight-chip--${c}`} aria-hidden="true" />
              {COLOUR_NAMES[c]}
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextAreaField
        label="Note"
        rows={3}
        maxLength={NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        hint={`At most ${NOTE_MAX.toLocaleString('en-US')} characters.`}
      />
      {review === undefined ? null : (
        <label className="highlight-editor__review">
          <input type="checkbox" checked={review} onChange={(e) => setReview(e.target.checked)} />
          Add to daily review
        </label>
      )}
      {error ? (
        <p className="highlight-editor__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="highlight-editor__actions">
        <Button type="submit" size="sm" loading={busy}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export const COLOUR_NAMES: Record<HighlightColour, string> = { yellow: 'Yellow', green: 'Green', pink: 'Pink' };

/** A server colour as one of ours (yellow when unknown). */
export function asColour(colour: string): HighlightColour {
  return (HIGHLIGHT_COLOURS as readonly string[]).includes(colour) ? (colour as HighlightColour) : 'yellow';
}
