import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { QuizDefinition } from './types';
import type { QuizId } from '../types';
import { quizKeys } from './keys';

/** GET /api/quizzes/{quiz} (public): the title, the questions in order and every type. */
export function getQuiz(quiz: QuizId, options?: { signal?: AbortSignal }): Promise<QuizDefinition> {
  return api.get('/api/quizzes/{quiz}', { params: { path: { quiz } }, signal: options?.signal });
}

export const quizDefinitionQueryOptions = (quiz: QuizId) =>
  queryOptions({
    queryKey: quizKeys.definition(quiz),
    queryFn: ({ signal }) => getQuiz(quiz, { signal }),
    // The questions do not change while someone answers them.
    staleTime: Infinity,
  });

export function useQuizDefinition(quiz: QuizId) {
  return useQuery(quizDefinitionQueryOptions(quiz));
}
