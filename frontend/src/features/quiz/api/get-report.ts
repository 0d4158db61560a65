import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { QuizReport } from './types';
import type { QuizId } from '../types';
import { quizKeys } from './keys';

/**
 * GET /api/quiz-results/{quiz}/report (members who bought it): every type, highest score first,
 * with its description and books. 403 `report_not_bought`, 404 when the quiz was not taken.
 */
export function getReport(quiz: QuizId, options?: { signal?: AbortSignal }): Promise<QuizReport> {
  return api.get('/api/quiz-results/{quiz}/report', { params: { path: { quiz } }, signal: options?.signal });
}

export function useReport(quiz: QuizId, enabled: boolean) {
  return useQuery({
    queryKey: quizKeys.report(quiz),
    queryFn: ({ signal }) => getReport(quiz, { signal }),
    enabled,
  });
}
