import type { BookCard } from '@/lib/api/types';
import { OfflineSaveError, saveBook, type SavedBook } from '@/lib/offline/saved-book';
import { getLibrary } from './get-library';

export interface LibrarySaveProgress {
  done: number;
  total: number;
  title: string;
}

/**
 * "Save my library": every book of the member's library (all its pages) that is not saved yet is
 * saved offline, one at a time. Stops at the first problem the member must act on (no space left);
 * a book that cannot be kept (not readable in full) is skipped. Resolves with how many were saved and skipped.
 */
export async function saveLibrary(
  memberId: number,
  alreadySaved: readonly SavedBook[],
  onProgress: (progress: LibrarySaveProgress) => void,
): Promise<{ saved: number; skipped: number }> {
  const books: BookCard[] = [];
  for (let page = 1; ; page += 1) {
    const result = await getLibrary(page);
    books.push(...result.books);
    if (!result.hasMore) break;
  }
  const saved = new Set(alreadySaved.map((book) => book.bookId));
  const wanted = books.filter((book, index) => !saved.has(book.id) && books.findIndex((other) => other.id === book.id) === index);
  let count = 0;
  let skipped = 0;
  for (const [index, book] of wanted.entries()) {
    onProgress({ done: index, total: wanted.length, title: book.title });
    try {
      await saveBook(memberId, book.subid || book.id);
      count += 1;
    } catch (error) {
      if (!(error instanceof OfflineSaveError && error.kind === 'not-readable')) throw error;
      skipped += 1;
    }
  }
  return { saved: count, skipped };
}
