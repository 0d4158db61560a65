import { useEffect, useState } from 'react';
import { listSavedBooks, onSavedBooksChange, type SavedBook } from './saved-book';

export interface SavedBooksState {
  /** null while the index is read (or when there is no member). */
  books: SavedBook[] | null;
  /** What the browser says this site uses and may use (bytes), when it says. */
  estimate: { usage?: number; quota?: number } | null;
}

async function readSavedBooks(memberId: number): Promise<SavedBooksState> {
  const books = await listSavedBooks(memberId).catch((error: unknown) => {
    console.error('Could not read the saved books', error);
    return [];
  });
  const estimate = (await navigator.storage?.estimate?.().catch(() => null)) ?? null;
  return { books: [...books].sort((a, b) => b.savedAt - a.savedAt), estimate };
}

/** The member's saved books on this device (newest first), kept up to date with every save and removal. */
export function useSavedBooks(memberId: number | null | undefined, enabled = true): SavedBooksState {
  const [state, setState] = useState<SavedBooksState>({ books: null, estimate: null });

  useEffect(() => {
    if (!enabled || memberId === null || memberId === undefined) return;
    let current = true;
    const load = () =>
      void readSavedBooks(memberId).then((next) => {
        if (current) setState(next);
      });
    load();
    const stop = onSavedBooksChange(load);
    return () => {
      current = false;
      stop();
    };
  }, [memberId, enabled]);

  return state;
}
