import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminPlanView } from '../api/types';
import { useAdminPlans } from '../api/plans';
import { priceText, trialText } from '../components/plan-fields';
import { ListPage } from '../components/ListPage';
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
    <ListPage
      title="Plans"
      lead={PLANS_NOTE}
      query={plans}
      rows={(data) => data}
      loading="Loading plans…"
      empty="No plans."
      label="Plans"
      columns={PLAN_COLUMNS}
      row={(plan) => <PlanRow key={plan.id} plan={plan} />}
    />
  );
}
