import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/client';
import { browserTimezone } from '@/lib/auth/redirect';
import { exchangeOAuthCode, isOAuthProvider } from '../api/oauth';
import { useCompleteSignIn } from './use-complete-sign-in';

/**
 * A provider callback (?code=...&state=...&type=google): exchange the code for a token, then
 * continue like a normal sign-in. Returns whether the exchange runs and its error text.
 */
export function useProviderCallback(code: string | null, state: string | null, type: string | null, redirect: string | null) {
  const complete = useCompleteSignIn();
  const active = Boolean(code && isOAuthProvider(type));
  const [pending, setPending] = useState(active);
  const [error, setError] = useState<string | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!code || !isOAuthProvider(type)) return;
    const key = `${type}:${code}`;
    if (started.current === key) return; // StrictMode runs effects twice; a code is single-use.
    started.current = key;
    setPending(true);
    exchangeOAuthCode({ provider: type, code, state: state ?? '', timezone: browserTimezone() })
      .then((result) => complete(result, { redirect, useStoredRedirect: true, attachCharge: true }))
      .catch((cause: unknown) => {
        setError(errorMessage(cause));
        setPending(false);
      });
  }, [code, state, type, redirect, complete]);

  return { pending: active && pending && !error, error };
}
