import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { QuizResult } from './types';
import type { QuizId } from '../types';
import { quizKeys } from './keys';

/**
 * GET /api/quiz-results/{quiz} (members; 401 for visitors): the results kept on the server, e.g.
 * from another device. 404 'You have not taken this quiz yet.'
 */
export function getKeptResult(quiz: QuizId, options?: { signal?: AbortSignal }): Promise<QuizResult> {
  return api.get('/api/quiz-results/{quiz}', { params: { path: { quiz } }, signal: options?.signal });
}

export function useKeptResult(quiz: QuizId, enabled: boolean) {
  return useQuery({
    queryKey: quizKeys.kept(quiz),
    queryFn: ({ signal }) => getKeptResult(quiz, { signal }),
    enabled,
  });
}
