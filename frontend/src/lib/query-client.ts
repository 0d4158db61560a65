import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/client';

/**
 * Whether a failed read is tried again. Client errors (4xx) are answers, not glitches: never.
 * A busy answer (503 `unavailable`, the server had no database connection in time) passes in a
 * moment: up to three more tries (after 1, 2 and 4 s, TanStack's backoff), so a page under load fills
 * in instead of leaving a section out. Any other failure (a 503 that says a provider is not
 * configured among them): once more.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.status === 503 && error.code === 'unavailable') return failureCount < 3;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryRead,
      },
      mutations: { retry: false },
    },
  });
}
