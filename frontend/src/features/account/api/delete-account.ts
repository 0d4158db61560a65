import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult } from '@/lib/api/types';
import type { DeleteAccountRequest } from './types';
import { accountKeys } from './get-account';

/** POST /api/user/delete */
export function deleteAccount(body: DeleteAccountRequest): Promise<EmptyResult> {
  return api.post('/api/user/delete', { body });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'delete'],
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.removeQueries({ queryKey: accountKeys.all }),
  });
}
