import type { ReactNode } from 'react';
import { Spinner } from '@/components/Spinner';
import { useSessionStatus } from './session-status';
import { SignInRedirect } from './sign-in-redirect';

/**
 * An unauthenticated user goes to /signup?redirect=<current path and query> (or to /login with
 * `signIn="login"`, for pages only existing members have a use for), after the quiet refresh of
 * `useSessionStatus`.
 */
export function ProtectedRoute({ children, signIn = 'signup' }: { children: ReactNode; signIn?: 'signup' | 'login' }) {
  const status = useSessionStatus();

  if (status === 'checking') {
    return (
      <div className="page page--center">
        <Spinner label="Checking your session…" />
      </div>
    );
  }
  if (status === 'out') return <SignInRedirect signIn={signIn} />;
  return <>{children}</>;
}
