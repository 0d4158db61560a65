import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';

/** POST /api/user/verify-email/resend: a new confirmation link for the signed-in member (three an hour). */
export function resendVerification(): Promise<EmptyResult> {
  return api.post('/api/user/verify-email/resend');
}

export function useResendVerification() {
  return useMutation({ mutationKey: ['account', 'resend-verification'], mutationFn: resendVerification });
}
