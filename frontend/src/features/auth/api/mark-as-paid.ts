import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EmptyResult, MarkAsPaidRequest } from '@/lib/api/types';

/** POST /api/user/mark-as-paid: attach a purchase made before signing in. */
export function markAsPaid(body: MarkAsPaidRequest): Promise<EmptyResult> {
  return api.post<EmptyResult>('/api/user/mark-as-paid', body);
}

export function useMarkAsPaid() {
  return useMutation({ mutationKey: ['auth', 'mark-as-paid'], mutationFn: markAsPaid });
}
