import { MAX_GOALS, STEPS, THUMB_BOOKS, type Step } from './constants';

/**
 * What the visitor chose on /get-started, kept in sessionStorage (`onboarding`, JSON) so that a
 * reload, and /secret afterwards, still have it: the goal and category ids, the step they are on and
 * the book of step 5. Cleared once the choices are in an account.
 */
export interface KeptChoices {
  goals: number[];
  categories: number[];
  step: Step;
  /** Which of the five covers step 5 shows (0-based). */
  book: number;
}

export const ONBOARDING_KEY = 'onboarding';

export const EMPTY_CHOICES: KeptChoices = { goals: [], categories: [], step: 'goals', book: 0 };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function ids(value: unknown): number[] {
  return Array.isArray(value) ? [...new Set(value.filter(isId))] : [];
}

function isStep(value: unknown): value is Step {
  return typeof value === 'string' && (STEPS as readonly string[]).includes(value);
}

/** The kept choices, or the empty ones (nothing kept, not JSON, or not the right shape). */
export function readChoices(): KeptChoices {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(ONBOARDING_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return EMPTY_CHOICES;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_CHOICES;
  }
  if (typeof value !== 'object' || value === null) return EMPTY_CHOICES;
  const record = value as Record<string, unknown>;
  const book = typeof record.book === 'number' && Number.isInteger(record.book) ? Math.min(Math.max(record.book, 0), THUMB_BOOKS - 1) : 0;
  return {
    goals: ids(record.goals).slice(0, MAX_GOALS),
    categories: ids(record.categories),
    step: isStep(record.step) ? record.step : 'goals',
    book,
  };
}

export function writeChoices(choices: KeptChoices): void {
  try {
    storage()?.setItem(ONBOARDING_KEY, JSON.stringify(choices));
  } catch {
    /* storage full or disabled: the choices live as long as the page */
  }
}

export function clearChoices(): void {
  try {
    storage()?.removeItem(ONBOARDING_KEY);
  } catch {
    /* ignore */
  }
}

/** Choices a plan can be made from: one or two goals and at least one category. */
export function isComplete(choices: Pick<KeptChoices, 'goals' | 'categories'>): boolean {
  return choices.goals.length > 0 && choices.goals.length <= MAX_GOALS && choices.categories.length > 0;
}
