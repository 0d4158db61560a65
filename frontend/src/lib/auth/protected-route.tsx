import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsAuthenticated } from './use-auth';

/** An unauthenticated user goes to /signup?redirect=<current path and query>. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated();
  const location = useLocation();
  if (!authenticated) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/signup?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}
