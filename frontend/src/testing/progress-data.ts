import type { BookCard } from '@/lib/api/types';
import type { LibraryResult } from '@/features/library/api/types';
import type { ProgressResult } from '@/features/progress/api/types';
import { makeUser } from './data';

const AWARDS = [
  ['Starter', 50],
  ['Trailblazer', 100],
  ['Champ', 500],
  ['Genius', 1000],
  ['Scholar', 5000],
] as const;

/** A progress report as the server computes it for `xp` (10 per completed book). */
export function makeProgress(overrides: Partial<ProgressResult> & { xp?: number } = {}): ProgressResult {
  const xp = overrides.xp ?? 0;
  const earned = AWARDS.filter(([, threshold]) => xp >= threshold);
  const current = earned[earned.length - 1];
  const next = AWARDS.find(([, threshold]) => xp < threshold);
  const from = current?.[1] ?? 0;
  return {
    isPaid: false,
    numCompleted: xp / 10,
    xp,
    streaks: { currentStreak: 0, bestStreak: 0 },
    skillsNumCompleted: {},
    awards: AWARDS.map(([name, threshold]) => ({ name, xp: threshold, earned: xp >= threshold })),
    level: {
      current: current?.[0] ?? null,
      next: next?.[0] ?? null,
      nextXp: next?.[1] ?? null,
      xpToNext: next ? next[1] - xp : 0,
      percent: next ? Math.floor(((xp - from) * 100) / (next[1] - from)) : 100,
    },
    skills: [],
    ...overrides,
  };
}

/** One page of GET /api/library (20 a page) out of `all`. */
export function libraryPage(all: BookCard[], page = 1): LibraryResult {
  const pageSize = 20;
  const books = all.slice((page - 1) * pageSize, page * pageSize);
  return { user: makeUser({ id: 1 }), books, page, pageSize, total: all.length, hasMore: page * pageSize < all.length };
}
