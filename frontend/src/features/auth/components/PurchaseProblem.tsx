import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { SUPPORT_EMAIL } from '@/lib/constants';
import type { PurchaseProblem } from './use-complete-sign-in';

/** Signed in, but the purchase made before could not be attached: say why, and let the member go on. */
export function PurchaseProblemCard({ problem }: { problem: PurchaseProblem }) {
  return (
    <AuthCard title="You are signed in" subtitle="We could not add your purchase to this account.">
      <Alert tone="warning">{problem.message}</Alert>
      <p>
        If you paid, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your receipt and we will sort it out.
      </p>
      <Link className="btn btn--primary btn--lg btn--block" to={problem.target} replace>
        Continue
      </Link>
    </AuthCard>
  );
}
