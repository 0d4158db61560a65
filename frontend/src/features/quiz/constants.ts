import type { QuizId } from './types';

/** What differs between the two quizzes on this side: their pages, names and storage. */
export interface QuizMeta {
  id: QuizId;
  /** The quiz's page. */
  path: string;
  /** Its results page. */
  resultsPath: string;
  /** The page's title before the quiz's own arrives, and the document title. */
  name: string;
  /** What one result is called: an intelligence, a colour. */
  typeLabel: { one: string; many: string };
  /** The report's file name should the server not name it. */
  pdfName: string;
}

export const QUIZZES: Record<QuizId, QuizMeta> = {
  quiz: {
    id: 'quiz',
    path: '/quiz',
    resultsPath: '/quiz-results',
    name: 'Intelligence Quiz',
    typeLabel: { one: 'intelligence', many: 'intelligences' },
    pdfName: 'intelligence-report.pdf',
  },
  'personality-quiz': {
    id: 'personality-quiz',
    path: '/personality-quiz',
    resultsPath: '/personality-quiz-results',
    name: 'Personality Quiz',
    typeLabel: { one: 'colour', many: 'colours' },
    pdfName: 'personality-report.pdf',
  },
};

/** The pause between two questions (back-office spec, Quizzes: 200 ms). */
export const TRANSITION_MS = 200;

export const DONE_TITLE = 'You have finished the quiz';
export const NO_RESULTS_TITLE = 'No results yet';
export const UPSELL_TITLE = 'Unlock your full report';
