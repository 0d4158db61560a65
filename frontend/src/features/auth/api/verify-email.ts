import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import type { VerifyEmailRequest } from './types';

/** POST /api/user/verify-email: the code of the mailed link confirms the address (no sign-in needed). */
export function verifyEmail(body: VerifyEmailRequest): Promise<EmptyResult> {
  return api.post('/api/user/verify-email', { body, skipRefresh: true, token: null });
}

/** Confirms the address; everything cached about the member (the header, the account) is stale. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'verify-email'],
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
