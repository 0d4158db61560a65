import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { getReferralId } from '@/lib/storage';
import type { AuthResponse } from '@/lib/api/types';
import type { SubscriptionCodeRegisterRequest } from './types';

/** POST /api/user/subscription-code-register, with the referral link the visitor arrived through (`rId`). */
export function subscriptionCodeRegister(body: SubscriptionCodeRegisterRequest): Promise<AuthResponse> {
  const rId = getReferralId();
  return api.post('/api/user/subscription-code-register', { body: rId ? { ...body, rId } : body, skipRefresh: true, token: null });
}

export function useSubscriptionCodeRegister() {
  return useMutation({ mutationKey: ['auth', 'subscription-code-register'], mutationFn: subscriptionCodeRegister });
}
