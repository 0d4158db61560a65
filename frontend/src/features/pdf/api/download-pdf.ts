import { apiFile } from '@/lib/api/client';
import { attachmentName } from '@/lib/save-file';

export interface PdfFile {
  file: Blob;
  name: string;
}

/**
 * GET /api/books/download-pdf/{id}: the summary as a PDF (paid members, and the buyer of this
 * book); 403 for anyone else, 401 signed out.
 */
export async function downloadPdf(id: string, options?: { signal?: AbortSignal }): Promise<PdfFile> {
  const answer = await apiFile.get('/api/books/download-pdf/{id}', { params: { path: { id } }, signal: options?.signal });
  if (!answer.file) throw new Error('There was an error processing your request.');
  return { file: answer.file, name: attachmentName(answer.headers, 'summary.pdf') };
}
