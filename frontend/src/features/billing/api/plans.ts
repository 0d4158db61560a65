import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PlansResult } from './types';
import { billingKeys } from './keys';

/** GET /api/plans: the plans on sale, cheapest first. */
export function getPlans(options?: { signal?: AbortSignal }): Promise<PlansResult> {
  return api.get('/api/plans', { signal: options?.signal });
}

export function usePlans() {
  return useQuery(queryOptions({ queryKey: billingKeys.plans(), queryFn: ({ signal }) => getPlans({ signal }) }));
}
