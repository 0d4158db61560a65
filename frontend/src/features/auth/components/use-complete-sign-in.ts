import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/api/types';
import { safeRedirect } from '@/lib/auth/redirect';
import { sessionKeys } from '@/lib/auth/session-api';
import { clearChargeId, clearStoredRedirect, getChargeId, getStoredRedirect, setToken } from '@/lib/storage';
import { markAsPaid } from '../api/mark-as-paid';

interface SignInResult {
  token: string;
  user?: User;
}

interface CompleteOptions {
  /** The `redirect` query parameter of the page. */
  redirect: string | null;
  /** Also honour the redirect stored in sessionStorage (social login round trips). */
  useStoredRedirect?: boolean;
  /** Attach a purchase made before signing in (login; registration sends chargeId itself). */
  attachCharge?: boolean;
}

/** Store the token, reset cached user data and go to the redirect target or /home. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (result: SignInResult, options: CompleteOptions) => {
      setToken(result.token);
      // A different identity: everything cached about "the user" is stale.
      queryClient.removeQueries();
      if (result.user) queryClient.setQueryData(sessionKeys.current(), { user: result.user });
      const chargeId = getChargeId();
      if (chargeId) {
        if (options.attachCharge) {
          await markAsPaid({ chargeId }).catch((error: unknown) => console.error('mark-as-paid failed', error));
        }
        clearChargeId();
      }
      const stored = options.useStoredRedirect ? safeRedirect(getStoredRedirect()) : null;
      clearStoredRedirect();
      navigate(safeRedirect(options.redirect) ?? stored ?? '/home', { replace: true });
    },
    [navigate, queryClient],
  );
}
