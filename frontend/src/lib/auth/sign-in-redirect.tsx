import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPath } from './redirect';

/**
 * Sends the visitor to log in (or sign up) and come back to this page, by the one rule of
 * `returnPathOf` (`/login?redirect=<this page>`). Rendered by a page when it finds it needs a
 * signed-in member: at once (replacing this page in the history), or after `delayMs` when the page
 * first says why (the ten-day challenge's "Log in to save your plan…", a spec'd second; the page
 * then stays in the history, so Back returns to it). Pages do not navigate to the login on their own
 * timers; a session lost mid-page is the shell's (`app/layout/RootLayout`), to the same address.
 */
export function SignInRedirect({ signIn = 'login', delayMs = 0 }: { signIn?: 'login' | 'signup'; delayMs?: number }) {
  const location = useLocation();
  const [due, setDue] = useState(delayMs <= 0);

  useEffect(() => {
    if (due) return undefined;
    const timer = window.setTimeout(() => setDue(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [due, delayMs]);

  if (!due) return null;
  return <Navigate to={signInPath(location, signIn)} replace={delayMs <= 0} />;
}
