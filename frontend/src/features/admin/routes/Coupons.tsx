import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import type { PlanView } from '@/lib/api/types';
import type { AdminCouponView } from '../api/types';
import { useCoupons } from '../api/coupons';
import { usePlans } from '../api/users';
import { discountText, plansText, usesText, validText } from '../components/coupon-fields';
import { ListPage } from '../components/ListPage';
import '../coupons.css';

export const COUPON_COLUMNS = ['Code', 'Discount', 'Plans', 'Valid', 'Uses', 'Once per member', 'Site offer', 'State'];

/** A coupon's state as a badge ('running', 'scheduled', 'used up', 'expired', 'ended'). */
export function CouponState({ state }: { state: string }) {
  return <span className={`badge coupon-state coupon-state--${state.replace(/\s+/g, '-')}`}>{state}</span>;
}

function CouponRow({ coupon, plans }: { coupon: AdminCouponView; plans: PlanView[] }) {
  return (
    <tr>
      <th scope="row" className="coupons-table__code">
        <Link to={`/admin/coupons/${encodeURIComponent(coupon.code)}`}>{coupon.code}</Link>
      </th>
      <td className="coupons-table__number">{discountText(coupon)}</td>
      <td className="admin-table__wrap coupons-table__plans">{plansText(coupon.planIds, plans)}</td>
      <td className="coupons-table__valid">{validText(coupon)}</td>
      <td className="coupons-table__number">{usesText(coupon)}</td>
      <td>{coupon.oncePerMember ? 'Yes' : 'No'}</td>
      <td>{coupon.siteOffer ? 'Yes' : 'No'}</td>
      <td>
        <CouponState state={coupon.state} />
      </td>
    </tr>
  );
}

/**
 * /admin/coupons: every coupon, newest first, with its discount, plans, dates, uses and state;
 * each code opens its page (its uses, a change, the end of it); 'Add coupon' makes a new one.
 */
export default function Coupons() {
  useDocumentTitle('Coupons');
  const coupons = useCoupons();
  const plans = usePlans();

  return (
    <ListPage
      title="Coupons"
      lead="Discounts members enter at checkout, and the site's offer the banner shows. Times are in your time zone."
      action={
        <Link className="btn btn--primary btn--md" to="/admin/coupon-add">
          Add coupon
        </Link>
      }
      query={coupons}
      rows={(data) => data}
      loading="Loading coupons…"
      empty="No coupons yet."
      count={(rows) => (rows.length === 1 ? '1 coupon.' : `${rows.length} coupons.`)}
      liveCount
      label="Coupons"
      tableClass="coupons-table"
      columns={COUPON_COLUMNS}
      row={(coupon) => <CouponRow key={coupon.code} coupon={coupon} plans={plans.data ?? []} />}
    />
  );
}
