import { useCallback, useMemo, useRef, useState } from 'react';
import { useOnChange } from '@/components/use-on-change';
import type { BookDetail } from '../api/types';
import { useToken } from '@/lib/auth/use-auth';
import { useLogVideoStart, useSavePosition } from '../api/save-position';

/** The completion modal's content: XP is null until the save answers (or when it failed). */
export interface Completion {
  bookId: number;
  title: string;
  xpGained: number | null;
}

/**
 * The reader's progress side effects, in one place (spec member-app §4 "Reader").
 *
 * Signed-in members only: for visitors nothing is sent and nothing opens.
 * - `onSectionChange(index, total)` after each move (Next, Previous, arrow keys, contents): a
 *   position save (PUT /api/user-book-history/ {bookId, position, completed}); the last section
 *   (`index === total - 1`, the rating form's section when there is one) sends `completed: true`
 *   and opens the completion modal, once per visit of the book;
 * - `onFirstAudioPlay(index)` the first time the audio starts in this visit: a position save;
 * - `onVideoStart()` the first time the video page's video starts: logs a video start
 *   (POST /api/user-book-history/{id}).
 * Failures of these calls are only logged (spec §8). Where the reader starts (a saved position is
 * restored only when valid) is the reader's own business: `initialSectionIndex`.
 */
export interface ReadingProgress {
  /** A signed-in member (not a visitor): positions are saved, the rating form and completion apply. */
  signedIn: boolean;
  onSectionChange: (index: number, total: number) => void;
  onFirstAudioPlay: (index: number) => void;
  onVideoStart: () => void;
  /** Set while the completion modal is open. */
  completion: Completion | null;
  closeCompletion: () => void;
}

export function useReadingProgress(book: BookDetail | undefined): ReadingProgress {
  // The server's answer says whether this caller is signed in (a token older than an hour may
  // still be good, or be refreshed on the way); without a token nothing is sent.
  const hasToken = useToken() !== null;
  const signedIn = hasToken && Boolean(book) && !book?.notLoggedIn;
  const bookId = book?.id;
  const title = book?.title ?? '';
  const { mutateAsync: save } = useSavePosition();
  const { mutateAsync: logVideo } = useLogVideoStart();
  const [completion, setCompletion] = useState<Completion | null>(null);
  /** Per book, per visit: the completion modal opened, the video start logged. */
  const completedFor = useRef<number | null>(null);
  const videoLoggedFor = useRef<number | null>(null);

  // Another book (the page stays mounted between /books/a and /books/b): a fresh visit.
  useOnChange(bookId, (next) => setCompletion((open) => (open && open.bookId !== next ? null : open)));

  const onSectionChange = useCallback(
    (index: number, total: number) => {
      if (!signedIn || bookId === undefined) return;
      const completed = total > 0 && index === total - 1;
      const request = save({ bookId, position: index, completed });
      request.catch((error: unknown) => console.error('Could not save the reading position', error));
      if (!completed || completedFor.current === bookId) return;
      completedFor.current = bookId;
      setCompletion({ bookId, title, xpGained: null });
      request.then(
        (result) => setCompletion((open) => (open && open.bookId === bookId ? { ...open, xpGained: result.xpGained } : open)),
        () => undefined,
      );
    },
    [signedIn, bookId, title, save],
  );

  const onFirstAudioPlay = useCallback(
    (index: number) => {
      if (!signedIn || bookId === undefined) return;
      save({ bookId, position: index, completed: false }).catch((error: unknown) => console.error('Could not save the reading position', error));
    },
    [signedIn, bookId, save],
  );

  const onVideoStart = useCallback(() => {
    if (!signedIn || bookId === undefined || videoLoggedFor.current === bookId) return;
    videoLoggedFor.current = bookId;
    logVideo(bookId).catch((error: unknown) => console.error('Could not log the video start', error));
  }, [signedIn, bookId, logVideo]);

  const closeCompletion = useCallback(() => setCompletion(null), []);
  const shown = completion && completion.bookId === bookId ? completion : null;

  return useMemo(
    () => ({ signedIn, onSectionChange, onFirstAudioPlay, onVideoStart, completion: shown, closeCompletion }),
    [signedIn, onSectionChange, onFirstAudioPlay, onVideoStart, shown, closeCompletion],
  );
}
