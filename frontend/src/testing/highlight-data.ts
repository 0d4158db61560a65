import type { Highlight, HighlightInBook } from '@/lib/api/types';

let nextId = 1;

export function makeHighlight(overrides: Partial<Highlight> = {}): Highlight {
  return {
    id: nextId++,
    bookId: 1,
    colour: 'yellow',
    createdAt: Date.UTC(2026, 10, 20),
    updatedAt: Date.UTC(2026, 10, 20),
    section: 0,
    startBlock: 'b0',
    startOffset: 0,
    endBlock: 'b0',
    endOffset: 5,
    note: null,
    orphaned: false,
    position: 0,
    prefix: '',
    quote: 'First',
    suffix: ' idea text.',
    review: false,
    ...overrides,
  };
}

export function makeHighlightInBook(
  overrides: Partial<Highlight> = {},
  book: HighlightInBook['book'] = { id: 1, subid: 'meditations', title: 'Meditations', author: 'Marcus Aurelius' },
): HighlightInBook {
  return { book, highlight: makeHighlight(overrides) };
}
