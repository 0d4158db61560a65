import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AuthResponse, RegisterRequest } from '@/lib/api/types';

/** POST /api/user/register (as the sign-up page; features do not share files). */
export function signUp(body: RegisterRequest): Promise<AuthResponse> {
  return api.post('/api/user/register', { body, skipRefresh: true, token: null });
}

export function useSignUp() {
  return useMutation({ mutationKey: ['onboarding', 'sign-up'], mutationFn: signUp });
}
