/**
 * The results page a quiz-results plan unlocks (member spec §4, Checkout): a personality-quiz plan
 * links to /personality-quiz-results; a quiz plan links to /quiz-results.
 */
export function quizResultsPath(planId: string): string {
  return planId === 'personality-quiz-results' ? '/personality-quiz-results' : '/quiz-results';
}
