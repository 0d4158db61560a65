import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import type { ForgotPasswordRequest } from './types';

/** PUT /api/user/forgot-password (always the same answer). */
export function forgotPassword(body: ForgotPasswordRequest): Promise<EmptyResult> {
  return api.put('/api/user/forgot-password', { body, skipRefresh: true, token: null });
}

export function useForgotPassword() {
  return useMutation({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });
}
