import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import type { ChangePasswordRequest } from './types';

/** PUT /api/user/password: needs the current password; other devices are signed out. */
export function changePassword(body: ChangePasswordRequest): Promise<EmptyResult> {
  return api.put('/api/user/password', { body });
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['account', 'password'], mutationFn: changePassword });
}

/** POST /api/user/logout-everywhere: ends every session of the member, this one included. */
export function logoutEverywhere(): Promise<EmptyResult> {
  return api.post('/api/user/logout-everywhere', {});
}

export function useLogoutEverywhere() {
  return useMutation({ mutationKey: ['account', 'logout-everywhere'], mutationFn: logoutEverywhere });
}
