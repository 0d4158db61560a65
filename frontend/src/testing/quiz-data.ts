import type { QuizDefinition, QuizReport, QuizResult } from '@/features/quiz/api/types';

/** The two quizzes: intelligence and personality. */
export type QuizId = 'quiz' | 'personality-quiz';

/** Fixtures of the quizzes (issue 16 §2; back-office spec, Quizzes). */

export const INTELLIGENCES = [
  'Linguistic',
  'Logical-Mathematical',
  'Spatial',
  'Musical',
  'Bodily-Kinesthetic',
  'Interpersonal',
  'Intrapersonal',
  'Naturalistic',
  'Existential',
];
export const COLOURS = ['Red', 'Yellow', 'Green', 'Blue'];

/** The type of each question in order: intelligence 9 × 2 (all nine, then again); colours R Y G B … (Blue 3). */
function questionTypes(quiz: QuizId): string[] {
  if (quiz === 'quiz') return [...INTELLIGENCES, ...INTELLIGENCES];
  return [0, 1, 2, 3].flatMap((round) => COLOURS.filter((colour) => !(round === 3 && colour === 'Blue')));
}

export function summaryOf(name: string): string {
  return `${name} in a sentence.`;
}

/** GET /api/quizzes/{quiz}: question n (1-based) reads "Statement n about {type}." */
export function makeQuizDefinition(quiz: QuizId): QuizDefinition {
  const types = questionTypes(quiz);
  const names = quiz === 'quiz' ? INTELLIGENCES : COLOURS;
  return {
    quiz,
    title: quiz === 'quiz' ? 'Intelligence Quiz' : 'Personality Quiz',
    questions: types.map((type, index) => ({ text: `Statement ${index + 1} about ${type}.`, type })),
    types: names.map((name) => ({ name, questions: types.filter((type) => type === name).length, summary: summaryOf(name) })),
  };
}

/** Every type with 0, then `counts`. */
export function makeCounts(quiz: QuizId, counts: Record<string, number> = {}): Record<string, number> {
  const names = quiz === 'quiz' ? INTELLIGENCES : COLOURS;
  return Object.fromEntries(names.map((name) => [name, counts[name] ?? 0]));
}

/**
 * The server's view of the totals: the score of a type is count / questions; intelligence `top` is
 * every type with the highest score, personality's the first colour with the highest count (this
 * fake's tie rule; tests of ties answer as the real server would).
 */
export function makeQuizResult(quiz: QuizId, counts: Record<string, number>, overrides: Partial<QuizResult> = {}): QuizResult {
  const definition = makeQuizDefinition(quiz);
  const scored = definition.types.map((type) => ({
    name: type.name,
    summary: type.summary,
    count: counts[type.name] ?? 0,
    score: (counts[type.name] ?? 0) / type.questions,
  }));
  let top;
  if (quiz === 'quiz') {
    const best = Math.max(...scored.map((type) => type.score));
    top = scored.filter((type) => type.score === best);
  } else {
    const best = Math.max(...scored.map((type) => type.count));
    top = scored.filter((type) => type.count === best).slice(0, 1);
  }
  return {
    quiz,
    counts,
    top: top.map(({ name, summary, score }) => ({ name, summary, score })),
    saved: false,
    fullReport: false,
    reportPlanId: quiz === 'quiz' ? 'quiz-results' : 'personality-quiz-results',
    ...overrides,
  };
}

/** GET /api/quiz-results/{quiz}/report: every type, highest score first, two paragraphs and a book each. */
export function makeQuizReport(quiz: QuizId, counts: Record<string, number>): QuizReport {
  const definition = makeQuizDefinition(quiz);
  const types = definition.types
    .map((type, index) => {
      const count = counts[type.name] ?? 0;
      return {
        name: type.name,
        score: count / type.questions,
        count,
        questions: type.questions,
        description: `What ${type.name} means.\n\nHow to use ${type.name}.`,
        books: [
          {
            id: 200 + index,
            subid: `book-for-${type.name.toLowerCase()}`,
            title: `A book for ${type.name}`,
            author: `Author ${index + 1}`,
            image: index === 0 ? '' : `https://cdn.example/covers/${200 + index}.jpg`,
          },
        ],
      };
    })
    // Stable: ties keep the quiz's order.
    .sort((a, b) => b.score - a.score);
  return { quiz, title: definition.title, takenAt: '2026-03-04T10:00:00Z', types };
}
