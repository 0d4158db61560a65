import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AiSummary } from './types';
import { rememberStarted } from './cache';

/**
 * POST /api/ai/url {url}: starts summarising the page at the link (a queued job). 400 'Please enter
 * a valid link starting with http:// or https://.', 403 `premium_required`, 429 after 20 a day. A
 * link the server refuses to fetch (a private address, say) fails the job, with the reason in `error`.
 */
export function summariseUrl(url: string): Promise<{ summary: AiSummary }> {
  return api.post('/api/ai/url', { body: { url } });
}

export function useSummariseUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ai-summaries', 'url'],
    mutationFn: summariseUrl,
    onSuccess: ({ summary }) => rememberStarted(queryClient, summary),
  });
}
