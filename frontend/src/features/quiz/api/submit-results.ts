import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { QuizResult } from './types';
import type { QuizId } from '../types';
import { quizKeys } from './keys';

/**
 * POST /api/quiz-results/{quiz} {counts} (public; the bearer token goes with it when there is
 * one, and a member's results are then kept): the results' view. 400 'These answers do not match
 * the quiz.' for unknown types or counts out of range.
 */
export function submitResults(quiz: QuizId, counts: Record<string, number>, options?: { signal?: AbortSignal }): Promise<QuizResult> {
  return api.post('/api/quiz-results/{quiz}', { params: { path: { quiz } }, body: { counts }, signal: options?.signal });
}

/** Sends the totals as the quiz ends. */
export function useSubmitResults(quiz: QuizId) {
  return useMutation({
    mutationKey: [...quizKeys.all, quiz, 'submit'],
    mutationFn: (counts: Record<string, number>) => submitResults(quiz, counts),
  });
}

/** The results page: the view of this session's totals (sending them again is cheap). */
export function useSubmittedResult(quiz: QuizId, counts: Record<string, number> | null, signedIn: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: quizKeys.submitted(quiz, counts ?? {}, signedIn),
      queryFn: ({ signal }) => submitResults(quiz, counts ?? {}, { signal }),
    }),
    enabled: counts !== null,
  });
}
