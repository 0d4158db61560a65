import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useAccount } from '@/lib/auth/account-api';
import { aiErrorMessage } from '../messages';

/**
 * The AI summariser is for paid members: a signed-in member who has not paid goes to /pricing (the
 * route itself sends visitors to log in first). `children` render once the account says paid;
 * `framed` puts the waiting and the error in a page of their own (for a route that is not in one).
 */
export function PaidOnly({ children, framed = false }: { children: ReactNode; framed?: boolean }) {
  const account = useAccount();
  const user = account.data?.user;
  const frame = (node: ReactNode) => (framed ? <div className="page page--narrow">{node}</div> : node);
  if (account.isPending) return frame(<Spinner label="Loading…" />);
  if (!user) return frame(<Alert tone="error">{aiErrorMessage(account.error)}</Alert>);
  if (!user.isPaid) return <Navigate to="/pricing" replace />;
  return <>{children}</>;
}
