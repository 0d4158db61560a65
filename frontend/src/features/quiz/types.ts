/** One of the two quizzes, also its path segment (`/api/quizzes/{quiz}`): intelligence or personality. */
export type QuizId = 'quiz' | 'personality-quiz';
