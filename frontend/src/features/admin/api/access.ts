import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api/client';
import { useAccount } from '@/lib/auth/account-api';
import { adminKeys } from './keys';

/** GET /api/user/two-factor: the back office needs it on. */
function useTwoFactorStatus(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.twoFactor(),
    queryFn: ({ signal }) => api.get('/api/user/two-factor', { signal }),
    enabled,
  });
}

export type AdminAccess = { kind: 'checking' } | { kind: 'admin' } | { kind: 'forbidden' } | { kind: 'mfa-required' } | { kind: 'error'; error: unknown };

/**
 * Who may see the back office, as the client can tell: an admin (`isAdmin` of the account) with
 * two-factor sign-in on. The server decides in any case: every admin call refuses anyone else
 * (403 `forbidden` or `mfa_required`), and `accessFromError` turns those answers into the same pages.
 */
export function useAdminAccess(): AdminAccess {
  const account = useAccount();
  const isAdmin = account.data?.user.isAdmin ?? false;
  const twoFactor = useTwoFactorStatus(isAdmin);
  if (account.isPending) return { kind: 'checking' };
  if (account.isError) return { kind: 'error', error: account.error };
  if (!isAdmin) return { kind: 'forbidden' };
  if (twoFactor.isPending) return { kind: 'checking' };
  if (twoFactor.isError) return { kind: 'error', error: twoFactor.error };
  return twoFactor.data.enabled ? { kind: 'admin' } : { kind: 'mfa-required' };
}

/**
 * The page an admin call's refusal calls for, if it is one (403 forbidden, mfa_required, or
 * mfa_session_required: two-factor is on, but this session signed in without a code).
 */
export function accessFromError(error: unknown): 'forbidden' | 'mfa-required' | 'mfa-session' | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.code === 'mfa_session_required') return 'mfa-session';
  return error.code === 'mfa_required' ? 'mfa-required' : 'forbidden';
}
