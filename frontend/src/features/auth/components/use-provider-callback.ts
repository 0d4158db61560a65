import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/client';
import { browserTimezone } from '@/lib/auth/redirect';
import { isMailConfirmation, isTwoFactorChallenge } from '../api/login';
import { exchangeOAuthCode, isOAuthProvider, type OAuthProvider } from '../api/oauth';
import { useCompleteSignIn, type CompleteOptions, type PurchaseProblem } from './use-complete-sign-in';

/** A sign-in waiting for the link mailed to the address the provider gave. */
export interface MailedLink {
  provider: OAuthProvider;
  email: string;
}

/**
 * A provider callback (?code=...&state=...&type=google): exchange the code for a token, then
 * continue like a normal sign-in. A member with two-factor on gets a challenge instead, handed to
 * `onChallenge` (with the options to finish the sign-in with). Returns whether the exchange runs,
 * its error text, and where a link was mailed when the provider did not vouch for the address.
 */
export function useProviderCallback(
  code: string | null,
  state: string | null,
  type: string | null,
  redirect: string | null,
  onChallenge: (challenge: string, options: CompleteOptions) => void,
  onPurchaseProblem?: (problem: PurchaseProblem) => void,
) {
  const complete = useCompleteSignIn();
  const active = Boolean(code && isOAuthProvider(type));
  const [pending, setPending] = useState(active);
  const [error, setError] = useState<string | null>(null);
  const [mailed, setMailed] = useState<MailedLink | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!code || !isOAuthProvider(type)) return;
    const key = `${type}:${code}`;
    if (started.current === key) return; // StrictMode runs effects twice; a code is single-use.
    started.current = key;
    setPending(true);
    const options: CompleteOptions = { redirect, useStoredRedirect: true, onPurchaseProblem };
    exchangeOAuthCode({ provider: type, code, state: state ?? '', timezone: browserTimezone() })
      .then((result) => {
        if (isTwoFactorChallenge(result)) {
          onChallenge(result.challenge, options);
        } else if (isMailConfirmation(result)) {
          setMailed({ provider: type, email: result.email });
        } else {
          void complete(result, options);
          return;
        }
        setPending(false);
      })
      .catch((cause: unknown) => {
        setError(errorMessage(cause));
        setPending(false);
      });
  }, [code, state, type, redirect, complete, onChallenge, onPurchaseProblem]);

  return { pending: active && pending && !error, error, mailed };
}
