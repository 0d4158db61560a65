import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SubscriptionResult } from './types';

/** GET /api/charge/subscription: the one that renews, else the one still giving access (or null). */
export function getSubscription(options?: { signal?: AbortSignal }): Promise<SubscriptionResult> {
  return api.get('/api/charge/subscription', { signal: options?.signal });
}

export const subscriptionKeys = {
  all: ['subscription'] as const,
  current: () => [...subscriptionKeys.all, 'current'] as const,
};

export function useSubscription(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...queryOptions({ queryKey: subscriptionKeys.current(), queryFn: ({ signal }) => getSubscription({ signal }) }),
    enabled: options.enabled ?? true,
  });
}
