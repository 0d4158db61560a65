import { useSyncExternalStore } from 'react';
import { getToken, isAuthenticated, subscribeToToken } from '@/lib/storage';

/** Re-renders when the token changes; true while the stored token is less than an hour old. */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(
    subscribeToToken,
    () => isAuthenticated(),
    () => false,
  );
}

/** The stored token (or null), reactive. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, () => null);
}
