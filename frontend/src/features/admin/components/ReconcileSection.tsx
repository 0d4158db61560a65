import { Spinner } from '@/components/Spinner';
import type { ReconcileProblem } from '../api/types';
import { useLastReconcile } from '../api/reconcile';
import { count } from '../format';
import { QueryError } from './AccessPages';
import { TableRegion } from './TableRegion';

/** What each kind of difference means, for the operator reading the table. */
const KIND_LABELS: Record<string, string> = {
  paid_but_not_recorded: 'Paid at the provider, not recorded here',
  reference_missing: 'Waiting at the provider, unnamed here',
  paid_here_only: 'Paid here, not at the provider',
  subscription_differs: 'Subscription state differs',
  subscription_unknown: 'Subscription unknown to the provider',
  grant_missing: 'Paid without its grant',
  grant_of_taken_back_charge: 'Refunded or disputed, grant still runs',
  plan_fields_differ: 'Plan fields differ from the grants',
  unchecked: 'Provider could not be asked',
};

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function ProblemRow({ problem }: { problem: ReconcileProblem }) {
  return (
    <tr>
      <td>{KIND_LABELS[problem.kind] ?? problem.kind}</td>
      <td>{problem.chargeId ?? '–'}</td>
      <td>{problem.userId ?? '–'}</td>
      <td>{problem.detail}</td>
      <td>{problem.fixed ? 'Repaired' : 'Needs a look'}</td>
    </tr>
  );
}

/** /admin/stats: the last reconciliation of charges, subscriptions and grants with Stripe and PayPal. */
export function ReconcileSection() {
  const report = useLastReconcile();
  const last = report.data?.last;
  const open = last ? last.problems.filter((problem) => !problem.fixed).length : 0;
  return (
    <section className="card admin-card" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title" className="stats__title">
        Payments reconciliation
      </h2>
      {report.isPending ? <Spinner label="Loading the last reconciliation…" /> : null}
      {report.isError ? <QueryError error={report.error} /> : null}
      {report.data && !last ? <p>No reconciliation has run yet. The server runs one every hour; `cargo xtask reconcile` runs one now.</p> : null}
      {last ? (
        <>
          <p>
            Last run {when(last.finishedAt)}: {count(last.chargesChecked)} charges and {count(last.membersChecked)} members checked against Stripe, PayPal and
            the grants.{' '}
            {last.problems.length === 0
              ? 'Everything matched.'
              : `${count(last.problems.length)} difference${last.problems.length === 1 ? '' : 's'}, ${count(open)} needing a look.`}
          </p>
          {last.problems.length > 0 ? (
            <TableRegion label="Reconciliation differences">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Difference</th>
                    <th scope="col">Charge</th>
                    <th scope="col">Member</th>
                    <th scope="col">Detail</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {last.problems.map((problem, index) => (
                    <ProblemRow key={`${problem.kind}/${problem.chargeId ?? ''}/${problem.userId ?? ''}/${index}`} problem={problem} />
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
