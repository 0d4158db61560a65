import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { SESSION_CHECK_DELAY_MS } from '@/lib/constants';
import { clearStoredRedirect, clearToken, getStoredRedirect, setToken } from '@/lib/storage';
import { safeRedirect } from './redirect';
import { getSession, sessionKeys } from './session-api';

/**
 * A token arriving in the query string (/home?token=..., /signup?token=...): store it, check it
 * with the session call after 1 s, then go to the redirect target, else the stored redirect, else
 * /home. On failure the token is dropped and the user goes to /login.
 */
export function useTokenLogin(token: string | null): void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const redirect = params.get('redirect');

  useEffect(() => {
    if (!token) return undefined;
    setToken(token);
    let active = true;
    const timer = window.setTimeout(() => {
      getSession()
        .then((session) => {
          if (!active) return;
          queryClient.setQueryData(sessionKeys.current(), session);
          const target = safeRedirect(redirect) ?? safeRedirect(getStoredRedirect()) ?? '/home';
          clearStoredRedirect();
          void navigate(target, { replace: true });
        })
        .catch(() => {
          if (!active) return;
          clearToken();
          void navigate('/login', { replace: true });
        });
    }, SESSION_CHECK_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [token, redirect, navigate, queryClient]);
}

export function TokenLoginScreen({ token }: { token: string }) {
  useTokenLogin(token);
  return (
    <div className="page page--narrow page--center">
      <Spinner label="Signing you in…" />
    </div>
  );
}
