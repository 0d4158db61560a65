import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendEvent } from '@/lib/analytics';
import { api } from '@/lib/api/client';
import type { InviteRequest, InviteResult } from './types';
import { accountKeys } from '@/lib/auth/account-api';
import { sessionKeys } from '@/lib/auth/session-api';
import { catalogueKeys } from '@/lib/catalogue/query-keys';
import { referralKeys } from './get-referrals';

/**
 * POST /api/contact/invite {yourName, friendName, friendEmail}: mails the friend the member's
 * referral link. 400 with the reason (a field missing, a bad address, yourself, a member already),
 * 429 after too many invites in a day.
 */
export function sendInvite(body: InviteRequest): Promise<InviteResult> {
  return api.post('/api/contact/invite', { body });
}

/**
 * Sends an invite. The member's `friendEmail` is set now (the home invite box goes) and the first
 * invite may have unlocked a summary: the member, the home page and the referral stats are fetched again.
 */
export function useSendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['referral', 'invite'],
    mutationFn: sendInvite,
    onSuccess: (result) => {
      sendEvent({ name: 'invite_sent', properties: { firstInvite: result.firstInvite } });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.home() }),
        queryClient.invalidateQueries({ queryKey: referralKeys.all }),
      ]);
    },
  });
}
