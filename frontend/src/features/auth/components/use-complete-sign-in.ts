import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@/lib/api/client';
import type { User } from '@/lib/api/types';
import { safeRedirect } from '@/lib/auth/redirect';
import { sessionKeys } from '@/lib/auth/session-api';
import { clearChargeId, clearStoredRedirect, getChargeId, getStoredRedirect, setToken } from '@/lib/storage';
import { markAsPaid } from '../api/mark-as-paid';

interface SignInResult {
  token: string;
  user?: User;
}

/** A purchase made before signing in that could not be attached, and where the member was going. */
export interface PurchaseProblem {
  message: string;
  target: string;
}

export interface CompleteOptions {
  /** The `redirect` query parameter of the page. */
  redirect: string | null;
  /** Also honour the redirect stored in sessionStorage (social login round trips). */
  useStoredRedirect?: boolean;
  /**
   * A purchase made before signing in (sessionStorage `chargeId`) is attached with mark-as-paid
   * once signed in. When that fails the page may show why instead of moving on.
   */
  onPurchaseProblem?: (problem: PurchaseProblem) => void;
}

/**
 * Store the token, reset cached user data, attach a purchase made before signing in (member spec
 * §4: mark-as-paid with the chargeId, which is then dropped) and go to the redirect target or /home.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (result: SignInResult, options: CompleteOptions): Promise<void> => {
      setToken(result.token);
      // A different identity: everything cached about "the user" is stale.
      queryClient.removeQueries();
      if (result.user) queryClient.setQueryData(sessionKeys.current(), { user: result.user });
      const stored = options.useStoredRedirect ? safeRedirect(getStoredRedirect()) : null;
      clearStoredRedirect();
      const target = safeRedirect(options.redirect) ?? stored ?? '/home';

      const chargeId = getChargeId();
      if (chargeId) {
        try {
          await markAsPaid(chargeId);
          clearChargeId();
          // The member's plan changed after the sign-in answer.
          await queryClient.invalidateQueries();
        } catch (error) {
          // A definite answer (unknown charge, someone else's) will not change: forget the charge.
          if (!(error instanceof ApiError) || error.status !== 0) clearChargeId();
          if (options.onPurchaseProblem) {
            options.onPurchaseProblem({ message: errorMessage(error), target });
            return;
          }
          console.error('The purchase made before signing in could not be attached', error);
        }
      }
      void navigate(target, { replace: true });
    },
    [navigate, queryClient],
  );
}
