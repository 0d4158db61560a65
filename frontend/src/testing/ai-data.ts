import type { AiSummary, AiSummaryDetail } from '@/features/ai/api/types';

/** Fixtures of the AI summariser (issue 16 §4). */

/** A finished summary of a PDF (id 7, three sections). */
export function makeAiSummary(overrides: Partial<AiSummary> = {}): AiSummary {
  return {
    id: 7,
    status: 'done',
    title: 'The Habit Loop',
    source: 'habits.pdf',
    error: null,
    createdAt: '2025-03-04T10:00:00Z',
    sectionCount: 3,
    ...overrides,
  };
}

/** The summary with `count` sections "Key idea N" (none unless done). */
export function makeAiSummaryDetail(overrides: Partial<AiSummaryDetail> = {}, count = 3): AiSummaryDetail {
  const summary = makeAiSummary(overrides);
  const sections =
    overrides.sections ??
    (summary.status === 'done'
      ? Array.from({ length: count }, (_, i) => ({ title: `Key idea ${i + 1}`, html: `<p>The text of <strong>idea ${i + 1}</strong>.</p>` }))
      : []);
  return { ...summary, sectionCount: sections.length, sections };
}
