import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AuthResponse, SubscriptionCodeRegisterRequest } from '@/lib/api/types';

/** POST /api/user/subscription-code-register */
export function subscriptionCodeRegister(body: SubscriptionCodeRegisterRequest): Promise<AuthResponse> {
  return api.post('/api/user/subscription-code-register', { body, skipRefresh: true, token: null });
}

export function useSubscriptionCodeRegister() {
  return useMutation({ mutationKey: ['auth', 'subscription-code-register'], mutationFn: subscriptionCodeRegister });
}
