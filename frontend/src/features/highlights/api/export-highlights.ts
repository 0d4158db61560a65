import { apiFile } from '@/lib/api/client';
import { attachmentName } from '@/lib/save-file';

export type ExportFormat = 'markdown' | 'readwise';

const FALLBACK_NAMES: Record<ExportFormat, string> = { markdown: 'highlights.md', readwise: 'highlights.csv' };

/** GET /api/user/highlights/export?format=: the file, with the name from Content-Disposition. */
export async function exportHighlights(format: ExportFormat): Promise<{ file: Blob; name: string }> {
  const answer = await apiFile.get('/api/user/highlights/export', { params: { query: { format } } });
  if (!answer.file) throw new Error('There was an error processing your request.');
  return { file: answer.file, name: attachmentName(answer.headers, FALLBACK_NAMES[format]) };
}
