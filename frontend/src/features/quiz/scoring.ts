import type { QuizDefinition } from './api/types';

/**
 * The totals of a quiz taken (back-office spec, Quizzes): True counts one for the question's type,
 * False nothing. Every type of the quiz is there, those never counted with 0, in the quiz's order.
 */
export function countAnswers(definition: Pick<QuizDefinition, 'questions' | 'types'>, answers: readonly boolean[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of definition.types) counts[type.name] = 0;
  for (const question of definition.questions) counts[question.type] ??= 0;
  definition.questions.forEach((question, index) => {
    if (answers[index]) counts[question.type] = (counts[question.type] ?? 0) + 1;
  });
  return counts;
}

/** 0.5 → '50%' (whole per cent). */
export function percent(score: number): string {
  return `${Math.round(Math.min(1, Math.max(0, score)) * 100)}%`;
}

/** 'A', 'A and B', 'A, B and C'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The description's paragraphs (separated by a blank line). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
