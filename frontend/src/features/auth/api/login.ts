import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AuthResponse, LoginRequest } from '@/lib/api/types';

/** POST /api/user/login. Never triggers the refresh rule: a 401 here means wrong credentials. */
export function login(body: LoginRequest): Promise<AuthResponse> {
  return api.post('/api/user/login', { body, skipRefresh: true, token: null });
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
