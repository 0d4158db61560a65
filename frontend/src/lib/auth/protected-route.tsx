import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { resumeSession } from '@/lib/api/client';
import { getToken, isAuthenticated } from '@/lib/storage';

type Status = 'in' | 'checking' | 'out';

function initialStatus(): Status {
  if (isAuthenticated()) return 'in';
  return getToken() ? 'checking' : 'out';
}

/**
 * An unauthenticated user goes to /signup?redirect=<current path and query> (or to /login with
 * `signIn="login"`, for pages only existing members have a use for).
 *
 * A stored token older than an hour is not trusted, but before sending the member away one quiet
 * refresh is tried (the refresh cookie usually outlives the access token).
 *
 * The check runs when the route mounts (navigation), deliberately not on every token change: when
 * a session is lost mid-page the app shell sends the user to /login (spec), and a reactive check
 * here would race it with a /signup redirect.
 */
export function ProtectedRoute({ children, signIn = 'signup' }: { children: ReactNode; signIn?: 'signup' | 'login' }) {
  const location = useLocation();
  const [status, setStatus] = useState<Status>(initialStatus);

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

  if (status === 'checking') {
    return (
      <div className="page page--center">
        <Spinner label="Checking your session…" />
      </div>
    );
  }
  if (status === 'out') {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/${signIn}?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}
