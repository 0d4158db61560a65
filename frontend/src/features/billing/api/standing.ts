import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, earlyOr } from '@/lib/api/client';
import { standingCall } from '@/lib/billing/early-checkout';
import type { StandingResult } from './types';
import { standingKeys } from './keys';

/**
 * GET /api/charge/standing: whether the caller may buy `planId` (refused with a message when it
 * would give nothing), the subscription it replaces, and whether a free trial comes with it. On
 * the checkout the call may already be on its way (`early-checkout.ts`).
 */
export function getStanding(planId: string, options?: { signal?: AbortSignal }): Promise<StandingResult> {
  return earlyOr(standingCall(planId), () => api.get('/api/charge/standing', { params: { query: { planId } }, signal: options?.signal }));
}

export function useStanding(planId: string, options: { enabled?: boolean } = {}) {
  return useQuery(queryOptions({ queryKey: standingKeys.plan(planId), queryFn: ({ signal }) => getStanding(planId, { signal }), enabled: options.enabled }));
}
