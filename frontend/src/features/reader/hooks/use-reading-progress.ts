import { useCallback, useMemo } from 'react';
import type { BookDetail } from '@/lib/api/types';

/**
 * The reader's progress side effects, in one place.
 *
 * Extension point for issue 4. The reader already calls every callback at the right moment:
 * - `onSectionChange(index, total)` after each move (Next, Previous, arrow keys, contents): send
 *   the position save (PUT /api/user-book-history/ {bookId, position, completed}) for signed-in
 *   members; when `index === total - 1` mark the book completed and open the completion modal;
 * - `onFirstAudioPlay()` the first time the audio starts in this visit: a position save;
 * - `onVideoStart()` when the video page's video starts: log a video start
 *   (POST /api/user-book-history/{id}).
 * The rating form (an empty last section when `!book.hasRatingsFromUser`) and the library toggle
 * (`book.isInLibrary`) will hang off the same book object.
 *
 * For now they do nothing.
 */
export interface ReadingProgress {
  onSectionChange: (index: number, total: number) => void;
  onFirstAudioPlay: () => void;
  onVideoStart: () => void;
}

export function useReadingProgress(book: BookDetail | undefined): ReadingProgress {
  const bookId = book?.id;
  const onSectionChange = useCallback(
    (_index: number, _total: number) => {
      void bookId; // issue 4: save the position of `bookId`
    },
    [bookId],
  );
  const onFirstAudioPlay = useCallback(() => {
    void bookId; // issue 4: save the position when the audio first plays
  }, [bookId]);
  const onVideoStart = useCallback(() => {
    void bookId; // issue 4: log the video start
  }, [bookId]);
  return useMemo(() => ({ onSectionChange, onFirstAudioPlay, onVideoStart }), [onSectionChange, onFirstAudioPlay, onVideoStart]);
}
