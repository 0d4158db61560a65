import { useMutation } from '@tanstack/react-query';
import { apiFile } from '@/lib/api/client';
import { attachmentName, saveFile } from '@/lib/save-file';
import type { QuizId } from '../types';

export interface ReportFile {
  file: Blob;
  name: string;
}

/**
 * GET /api/quiz-results/{quiz}/report.pdf (members who bought the report): the report as a PDF,
 * named by the server (`intelligence-report.pdf`, `personality-report.pdf`).
 */
export async function downloadReport(quiz: QuizId, fallbackName: string): Promise<ReportFile> {
  const answer = await apiFile.get('/api/quiz-results/{quiz}/report.pdf', { params: { path: { quiz } } });
  if (!answer.file) throw new Error('There was an error processing your request.');
  return { file: answer.file, name: attachmentName(answer.headers, fallbackName) };
}

/** Fetches the PDF and hands it to the browser's download. */
export function useDownloadReport(quiz: QuizId, fallbackName: string) {
  return useMutation({
    mutationKey: ['quiz', quiz, 'report-pdf'],
    mutationFn: () => downloadReport(quiz, fallbackName),
    onSuccess: (report) => saveFile(report.file, report.name),
  });
}
