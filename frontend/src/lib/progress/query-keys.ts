/**
 * Query keys of the member's reading progress that more than one feature needs: the reader
 * changes what /my-progress (XP, streaks, skills) and /library show, so it drops their cached data.
 */
export const progressKeys = {
  /** GET /api/user-book-history/xp */
  report: () => ['progress'] as const,
  /** GET /api/library?page= (every page, as one infinite query) */
  library: () => ['library'] as const,
};
