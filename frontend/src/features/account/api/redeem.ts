import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RedeemResult } from './types';

/** POST /api/user/redeem {code}: a gift, team seat or subscription code extends the member's plan. */
export function redeemCode(code: string): Promise<RedeemResult> {
  return api.post('/api/user/redeem', { body: { code } });
}

/** POST /api/user/stacksocial {code}: a StackSocial lifetime deal code (the spec's Redeem page). */
export function redeemStackSocialCode(code: string): Promise<RedeemResult> {
  return api.post('/api/user/stacksocial', { body: { code } });
}

export type CodeKind = 'any' | 'stacksocial';

/** Redeems a code; the member's plan changed, so everything cached about them is fetched again. */
export function useRedeemCode(kind: CodeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'redeem', kind],
    mutationFn: (code: string) => (kind === 'stacksocial' ? redeemStackSocialCode(code) : redeemCode(code)),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
