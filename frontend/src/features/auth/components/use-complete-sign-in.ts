import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/api/types';
import { safeRedirect } from '@/lib/auth/redirect';
import { sessionKeys } from '@/lib/auth/session-api';
import { clearChargeId, clearStoredRedirect, getStoredRedirect, setToken } from '@/lib/storage';

interface SignInResult {
  token: string;
  user?: User;
}

interface CompleteOptions {
  /** The `redirect` query parameter of the page. */
  redirect: string | null;
  /** Also honour the redirect stored in sessionStorage (social login round trips). */
  useStoredRedirect?: boolean;
  /**
   * A purchase made before signing in belongs to this member (login): its stored chargeId is kept
   * for billing. Registration sends chargeId itself, and other sign-ins drop it.
   */
  attachCharge?: boolean;
}

/** Store the token, reset cached user data and go to the redirect target or /home. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (result: SignInResult, options: CompleteOptions) => {
      setToken(result.token);
      // A different identity: everything cached about "the user" is stale.
      queryClient.removeQueries();
      if (result.user) queryClient.setQueryData(sessionKeys.current(), { user: result.user });
      // Billing (a later issue) will attach purchases made before sign-in: login keeps the chargeId for it.
      if (!options.attachCharge) clearChargeId();
      const stored = options.useStoredRedirect ? safeRedirect(getStoredRedirect()) : null;
      clearStoredRedirect();
      void navigate(safeRedirect(options.redirect) ?? stored ?? '/home', { replace: true });
    },
    [navigate, queryClient],
  );
}
