import { useEffect, useState } from 'react';
import { resumeSession } from '@/lib/api/client';
import { getToken, isAuthenticated } from '@/lib/storage';

/** Signed in, being checked (a stale token gets one quiet refresh), or signed out. */
export type SessionStatus = 'in' | 'checking' | 'out';

function initialStatus(): SessionStatus {
  if (isAuthenticated()) return 'in';
  if (!getToken()) return 'out';
  // Without a connection a refresh cannot succeed, and failing would drop the token: a member
  // opening the app offline (hours after saving books for it) stays in, with the books saved on
  // this device (docs/offline.md); back online, the first call refreshes the token as usual.
  return typeof navigator !== 'undefined' && navigator.onLine === false ? 'in' : 'checking';
}

/**
 * Whether the visitor is signed in, as the page mounts: a stored token older than an hour is not
 * trusted, but one quiet refresh is tried first (the refresh cookie usually outlives the access
 * token), while the status is `checking`.
 *
 * The check runs when the page mounts (navigation), deliberately not on every token change: when
 * a session is lost mid-page the app shell sends the user to /login and back (spec), and a reactive
 * check here would race it with a redirect of its own.
 */
export function useSessionStatus(): SessionStatus {
  const [status, setStatus] = useState<SessionStatus>(initialStatus);

  useEffect(() => {
    if (status !== 'checking') return undefined;
    let active = true;
    void resumeSession().then((resumed) => {
      if (active) setStatus(resumed ? 'in' : 'out');
    });
    return () => {
      active = false;
    };
  }, [status]);

  return status;
}
