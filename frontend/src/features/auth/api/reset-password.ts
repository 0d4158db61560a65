import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import type { ResetPasswordRequest } from './types';

/** PUT /api/user/reset-password */
export function resetPassword(body: ResetPasswordRequest): Promise<EmptyResult> {
  return api.put('/api/user/reset-password', { body, skipRefresh: true, token: null });
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });
}
