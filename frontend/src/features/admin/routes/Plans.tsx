import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminPlanView } from '@/lib/api/types';
import { useAdminPlans } from '../api/plans';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { priceText, trialText } from '../components/plan-fields';
import { TableRegion } from '../components/TableRegion';
import '../coupons.css';

export const PLAN_COLUMNS = ['Plan', 'Kind', 'Price', 'Trial', 'Sold', 'PayPal plan'];
export const PLANS_NOTE =
  "A new price applies to purchases from now on; members who already pay keep their price. A subscription's PayPal plan follows its trial and is found or made through PayPal.";

function PlanRow({ plan }: { plan: AdminPlanView }) {
  return (
    <tr>
      <th scope="row" className="admin-table__wrap">
        <strong>{plan.name}</strong>
        <br />
        <code>{plan.id}</code>
        <br />
        <Link to={`/admin/plans/${encodeURIComponent(plan.id)}`} aria-label={`Edit ${plan.name}`}>
          Edit
        </Link>
      </th>
      <td>{plan.interval ? `${plan.kind} (${plan.interval})` : plan.kind}</td>
      <td className="coupons-table__number">{priceText(plan)}</td>
      <td>{trialText(plan)}</td>
      <td>{plan.active ? 'Yes' : 'No'}</td>
      <td className="admin-table__wrap">{plan.paypalPlan ? <code>{plan.paypalPlan}</code> : '—'}</td>
    </tr>
  );
}

/** /admin/plans: every plan but single-book plans, cheapest first; each opens its form. */
export default function Plans() {
  useDocumentTitle('Plans');
  const plans = useAdminPlans();

  return (
    <>
      <PageHeader title="Plans" lead={PLANS_NOTE} />
      {plans.isPending ? <Spinner label="Loading plans…" /> : null}
      {plans.isError ? <QueryError error={plans.error} /> : null}
      {plans.data ? (
        plans.data.length === 0 ? (
          <p className="admin-empty">No plans.</p>
        ) : (
          <TableRegion label="Plans">
            <table className="admin-table">
              <thead>
                <tr>
                  {PLAN_COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {plans.data.map((plan) => (
                  <PlanRow key={plan.id} plan={plan} />
                ))}
              </tbody>
            </table>
          </TableRegion>
        )
      ) : null}
    </>
  );
}
