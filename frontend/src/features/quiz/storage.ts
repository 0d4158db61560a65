import type { QuizId } from './types';

/**
 * The totals of a finished quiz, kept in sessionStorage (back-office spec, Quizzes: "the totals are
 * saved in the session") under `quiz-results:{quiz}` as `{"Linguistic": 2, "Musical": 0, …}`.
 */
export function resultsKey(quiz: QuizId): string {
  return `quiz-results:${quiz}`;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Counts per type: whole numbers from 0 up; anything else in storage is ignored. */
export function parseCounts(text: string | null): Record<string, number> | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return null;
  const counts: Record<string, number> = {};
  for (const [name, count] of entries) {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return null;
    counts[name] = count;
  }
  return counts;
}

export function getStoredCounts(quiz: QuizId): Record<string, number> | null {
  try {
    return parseCounts(session()?.getItem(resultsKey(quiz)) ?? null);
  } catch {
    return null;
  }
}

export function storeCounts(quiz: QuizId, counts: Record<string, number>): void {
  try {
    session()?.setItem(resultsKey(quiz), JSON.stringify(counts));
  } catch {
    /* storage full or disabled: the results page asks the server (members) or offers the quiz */
  }
}

export function clearStoredCounts(quiz: QuizId): void {
  try {
    session()?.removeItem(resultsKey(quiz));
  } catch {
    /* ignore */
  }
}
