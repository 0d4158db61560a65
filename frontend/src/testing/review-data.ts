import type { ReviewCard, ReviewQueue } from '@/features/review/api/types';

const DAY = 86_400_000;
let nextId = 1;

/** A new key-idea card of Walden whose ratings bring it back in 1, 4, 9 and 48 days (from now). */
export function makeReviewCard(overrides: Partial<ReviewCard> = {}): ReviewCard {
  const now = Date.now();
  return {
    id: nextId++,
    kind: 'idea',
    book: { id: 3, subid: 'walden', title: 'Walden', author: 'Henry David Thoreau', image: '' },
    section: 0,
    front: 'Simplify your life',
    back: 'Our life is frittered away by detail. Simplify, simplify.',
    note: null,
    reps: 0,
    isNew: true,
    nextDue: { again: now + DAY, hard: now + 4 * DAY, good: now + 9 * DAY, easy: now + 48 * DAY },
    ...overrides,
  };
}

/** Today's queue holding `cards`; `toReview` defaults to their number. */
export function makeReviewQueue(cards: ReviewCard[] = [], overrides: Partial<ReviewQueue> = {}): ReviewQueue {
  const isNew = cards.filter((card) => card.isNew).length;
  return { cards, due: cards.length - isNew, newToday: isNew, toReview: cards.length, newPerDay: 10, ...overrides };
}
