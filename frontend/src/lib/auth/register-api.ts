import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AuthResponse, RegisterRequest } from '@/lib/api/types';

/** POST /api/user/register: shared (lib, not a feature) by the sign-up page and onboarding's /secret. */
export function register(body: RegisterRequest): Promise<AuthResponse> {
  return api.post('/api/user/register', { body, skipRefresh: true, token: null });
}

export function useRegister() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: register });
}
