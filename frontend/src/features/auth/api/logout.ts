import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';

/** POST /api/user/logout. The answer is ignored; `token` is the one being dropped. */
export function logout(token: string | null): Promise<EmptyResult> {
  return api.post('/api/user/logout', { skipRefresh: true, token });
}

export function useLogout() {
  return useMutation({ mutationKey: ['auth', 'logout'], mutationFn: logout });
}
