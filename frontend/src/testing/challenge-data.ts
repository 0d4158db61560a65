import type { ChallengeBook, GoalView, TenDayPlan } from '@/lib/api/types';
import type { GoalsResult } from '@/features/challenge/api/types';
import { GOALS } from './content-data';

/** Fixtures of the ten-day challenge (docs/challenge.md). */

/** The book of day `dayNo` (id 100 + day, subid `book-{day}`), not done. */
export function makeChallengeBook(overrides: Partial<ChallengeBook> = {}): ChallengeBook {
  const dayNo = overrides.dayNo ?? 1;
  const id = overrides.id ?? 100 + dayNo;
  return {
    id,
    subid: `book-${dayNo}`,
    title: `Book of day ${dayNo}`,
    author: `Author ${dayNo}`,
    image: `https://cdn.example/covers/${id}.jpg`,
    dayNo,
    done: false,
    ...overrides,
  };
}

/** Days 1 to `days`; `done` lists the days read. */
export function makeChallengeBooks(days = 10, done: number[] = []): ChallengeBook[] {
  return Array.from({ length: days }, (_, index) => makeChallengeBook({ dayNo: index + 1, done: done.includes(index + 1) }));
}

/** POST /api/user/ten-day-challenge: ten books for the goals picked (titles from `goals`). */
export function makeTenDayPlan(goalIds: number[] = [1], books: ChallengeBook[] = makeChallengeBooks(), goals: GoalView[] = GOALS): TenDayPlan {
  return {
    books,
    bookIds: books.map((book) => book.id),
    userGoalTitles: goalIds.flatMap((goalId) => goals.filter((goal) => goal.id === goalId).map((goal) => goal.title)),
  };
}

/** GET /api/goals: the goals, and the member's saved plan (none unless given; reminders off unless said). */
export function makeGoalsResult(saved: { userGoals?: number[]; userBookRecommendations?: ChallengeBook[]; reminders?: boolean } = {}): GoalsResult {
  return {
    goals: GOALS,
    userGoals: saved.userGoals ?? [],
    userBookRecommendations: saved.userBookRecommendations ?? [],
    reminders: saved.reminders ?? false,
  };
}
