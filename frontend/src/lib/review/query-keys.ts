/**
 * Query keys of the daily review that more than one feature needs: /review rates cards (home's
 * "N to review" drops), and marking a highlight for review adds a card to today's queue.
 */
export const reviewKeys = {
  all: () => ['review'] as const,
  /** GET /api/user/review: today's queue (a batch of cards a call) */
  queue: () => ['review', 'queue'] as const,
  /** GET /api/user/review/summary: home's count */
  summary: () => ['review', 'summary'] as const,
};
