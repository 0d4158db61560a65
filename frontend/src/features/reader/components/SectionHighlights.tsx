import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '@/components/Button';
import { HighlightEditor, asColour, type HighlightEdit } from '@/components/HighlightEditor';
import { errorMessage } from '@/lib/api/client';
import type { Highlight } from '@/lib/api/types';
import { anchorOfRange, rangesOfAnchor, wrapRanges, type Anchor } from '@/lib/highlights/anchoring';
import { HIGHLIGHT_COLOURS, useBookHighlights, useEditHighlight, useMarkHighlight, useRemoveHighlight, type HighlightColour } from '@/lib/highlights/api';
import { isTypingTarget } from '@/lib/keyboard';
import './section-highlights.css';

interface SectionHighlightsProps {
  /** The element holding the section's HTML (its children are the blocks). */
  container: RefObject<HTMLElement | null>;
  bookId: string;
  /** The section's index in the reader (0-based). */
  section: number;
  /** The section's HTML: marks are drawn again when it changes. */
  html: string;
}

type Panel = { kind: 'toolbar'; anchor: Anchor; note: boolean; focus: boolean } | { kind: 'edit'; highlight: Highlight };

const MARK_SELECTOR = 'mark[data-highlight-id]';

/** Removes the marks drawn before (their text goes back where it was). */
function unwrapMarks(container: HTMLElement) {
  const marks = container.querySelectorAll(MARK_SELECTOR);
  if (marks.length === 0) return;
  marks.forEach((mark) => mark.replaceWith(...Array.from(mark.childNodes)));
  container.normalize();
}

function selectionAnchor(container: HTMLElement | null): Anchor | null {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!container || !selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  return anchorOfRange(container, selection.getRangeAt(0));
}

/**
 * A signed-in member's highlights over one section: the marks (`<mark>`, a class per colour), a
 * toolbar for a selection (three colours and "Add note"; the "h" key opens it from the keyboard),
 * and a panel to edit or remove a mark. Orphaned highlights are not drawn (they are on /highlights).
 */
export function SectionHighlights({ container, bookId, section, html }: SectionHighlightsProps) {
  const highlights = useBookHighlights(bookId, true);
  const mark = useMarkHighlight();
  const edit = useEditHighlight();
  const remove = useRemoveHighlight();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const list = highlights.data;

  // Draw the marks of this section.
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    unwrapMarks(element);
    for (const highlight of list ?? []) {
      if (highlight.orphaned || highlight.section !== section) continue;
      const colour = asColour(highlight.colour);
      const marks = wrapRanges(rangesOfAnchor(element, highlight), () => {
        const node = document.createElement('mark');
        node.className = `highlight highlight--${colour}`;
        node.dataset.highlightId = String(highlight.id);
        return node;
      });
      const first = marks[0];
      if (first) {
        first.tabIndex = 0;
        first.setAttribute('role', 'button');
        first.setAttribute('aria-label', `Highlight (${colour})${highlight.note ? ', with a note' : ''}: edit note, change colour or remove`);
      }
    }
    return () => unwrapMarks(element);
  }, [container, list, section, html]);

  const openEditor = useCallback(
    (target: EventTarget | null) => {
      const node = target instanceof Element ? target.closest(MARK_SELECTOR) : null;
      const id = node instanceof HTMLElement ? Number(node.dataset.highlightId) : NaN;
      const highlight = list?.find((h) => h.id === id);
      if (!highlight) return false;
      setError(null);
      setPanel({ kind: 'edit', highlight });
      return true;
    },
    [list],
  );

  // Marks: click, Enter or Space opens the editor; a finished selection offers the toolbar.
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const onClick = (event: MouseEvent) => {
      if (selectionAnchor(element)) return;
      openEditor(event.target);
    };
    const onKey = (event: KeyboardEvent) => {
      if ((event.key === 'Enter' || event.key === ' ') && openEditor(event.target)) event.preventDefault();
    };
    const onPointerUp = () => {
      // After the browser has settled the selection.
      setTimeout(() => {
        const anchor = selectionAnchor(element);
        if (anchor) {
          setError(null);
          setPanel({ kind: 'toolbar', anchor, note: false, focus: false });
        }
      }, 0);
    };
    element.addEventListener('click', onClick);
    element.addEventListener('keydown', onKey);
    element.addEventListener('mouseup', onPointerUp);
    element.addEventListener('touchend', onPointerUp);
    return () => {
      element.removeEventListener('click', onClick);
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('mouseup', onPointerUp);
      element.removeEventListener('touchend', onPointerUp);
    };
  }, [container, openEditor, section, html]);

  // "h" with a selection in the section opens the toolbar from the keyboard; Escape closes it.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setPanel((open) => (open ? null : open));
        return;
      }
      if (event.key !== 'h' || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      const anchor = selectionAnchor(container.current);
      if (!anchor) return;
      event.preventDefault();
      setError(null);
      setPanel({ kind: 'toolbar', anchor, note: false, focus: true });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container]);

  // The toolbar takes the focus when opened from the keyboard, the editor always.
  const focusWanted = panel?.kind === 'edit' || (panel?.kind === 'toolbar' && (panel.focus || panel.note));
  useEffect(() => {
    if (!focusWanted) return;
    toolbarRef.current?.querySelector<HTMLElement>('button, textarea, input')?.focus();
  }, [focusWanted, panel]);

  const close = () => {
    setPanel(null);
    setError(null);
  };

  const create = (anchor: Anchor, colour: HighlightColour, note = '') => {
    setError(null);
    mark.mutate(
      { bookId, section, ...anchor, colour, note: note || null },
      {
        onSuccess: () => {
          window.getSelection()?.removeAllRanges();
          setPanel(null);
          setAnnouncement(note ? 'Highlighted, with a note' : 'Highlighted');
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const saveEdit = (highlight: Highlight, change: HighlightEdit) => {
    edit.mutate(
      { id: highlight.id, colour: change.colour, note: change.note, review: change.review },
      {
        onSuccess: () => {
          setPanel(null);
          setAnnouncement('Highlight saved');
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const removeHighlight = (highlight: Highlight) => {
    remove.mutate(highlight.id, {
      onSuccess: () => {
        setPanel(null);
        setAnnouncement('Highlight removed');
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {panel?.kind === 'toolbar' ? (
        <div className="highlight-toolbar" ref={toolbarRef} onMouseDown={(event) => (event.target as Element).tagName !== 'TEXTAREA' && event.preventDefault()}>
          {panel.note ? (
            <HighlightEditor
              withColour={false}
              initial={{ colour: 'yellow', note: '' }}
              busy={mark.isPending}
              error={error}
              onCancel={close}
              onSave={(change) => create(panel.anchor, change.colour, change.note)}
            />
          ) : (
            <>
              <div role="toolbar" aria-label="Highlight" className="highlight-toolbar__buttons">
                {HIGHLIGHT_COLOURS.map((colour) => (
                  <button
                    key={colour}
                    type="button"
                    className="highlight-toolbar__colour"
                    aria-label={`Highlight ${colour}`}
                    disabled={mark.isPending}
                    onClick={() => create(panel.anchor, colour)}
                  >
                    <span className={`highlight-chip highlight-chip--${colour}`} aria-hidden="true" />
                  </button>
                ))}
                <Button variant="ghost" size="sm" onClick={() => setPanel({ ...panel, note: true })}>
                  Add note
                </Button>
                <Button variant="ghost" size="sm" aria-label="Close" onClick={close}>
                  ×
                </Button>
              </div>
              {error ? (
                <p className="highlight-editor__error" role="alert">
                  {error}
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
      {panel?.kind === 'edit' ? (
        <div className="highlight-toolbar" ref={toolbarRef} role="group" aria-label="Edit highlight">
          <blockquote className="highlight-toolbar__quote">{panel.highlight.quote}</blockquote>
          <HighlightEditor
            initial={{ colour: asColour(panel.highlight.colour), note: panel.highlight.note ?? '', review: panel.highlight.review }}
            busy={edit.isPending}
            error={error}
            onCancel={close}
            onSave={(change) => saveEdit(panel.highlight, change)}
          />
          <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => removeHighlight(panel.highlight)}>
            Remove highlight
          </Button>
        </div>
      ) : null}
    </>
  );
}
