import type { QuizId } from '../types';

export const quizKeys = {
  all: ['quiz'] as const,
  definition: (quiz: QuizId) => [...quizKeys.all, quiz, 'definition'] as const,
  /** The view of totals from this session (the answer differs for a visitor and a member). */
  submitted: (quiz: QuizId, counts: Record<string, number>, signedIn: boolean) => [...quizKeys.all, quiz, 'submitted', { counts, signedIn }] as const,
  /** A member's kept results. */
  kept: (quiz: QuizId) => [...quizKeys.all, quiz, 'kept'] as const,
  report: (quiz: QuizId) => [...quizKeys.all, quiz, 'report'] as const,
};
