import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AffiliateApplication, AffiliateResult } from './types';
import { affiliateKeys } from './get-affiliate';

/**
 * POST /api/affiliate/apply {name, email, audience, acceptTerms}: the application, now pending.
 * 400 with the first field wrong (the texts of ../validation.ts), 409 'You have already applied.'
 * while an application is pending or approved (a rejected member may apply again).
 */
export function applyAffiliate(body: AffiliateApplication): Promise<AffiliateResult> {
  return api.post('/api/affiliate/apply', { body });
}

/**
 * Applies; the answer is the member's record from now on (the page shows it pending, and the form
 * goes). `onApplied` runs first, even though the form that applied is then gone.
 */
export function useApplyAffiliate(options: { onApplied?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onApplied } = options;
  return useMutation({
    mutationKey: ['affiliate', 'apply'],
    mutationFn: applyAffiliate,
    onSuccess: (result) => {
      onApplied?.();
      queryClient.setQueryData(affiliateKeys.current(), result);
    },
  });
}
