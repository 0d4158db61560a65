import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { describedBy, hintId } from '@/components/form/aria';
import { FieldLabel, TextAreaField, TextField } from '@/components/form/Field';
import { FormAlert } from '@/components/form/FormAlert';
import { useFormStatus, type FormStatus } from '@/components/form/use-form-status';
import { isBlank } from '@/components/form/validation';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { PlanView } from '@/lib/api/types';
import type { AdminCouponRequest, AdminCouponView, CouponUseView } from '../api/types';
import { COUPON_ADDED, COUPON_ENDED, COUPON_SAVED, useAddCoupon, useCoupon, useEndCoupon, useUpdateCoupon } from '../api/coupons';
import { usePlans } from '../api/users';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import {
  REASON_MESSAGE,
  couponProblem,
  couponRequest,
  couponValues,
  discountText,
  plansText,
  usesText,
  type CouponField,
  type CouponValues,
  type DiscountKind,
} from '../components/coupon-fields';
import { TableRegion } from '../components/TableRegion';
import { money, toDateTime } from '../format';
import { CouponState } from './Coupons';
import '../components/form/admin-form.css';
import '../coupons.css';

const BACK = { to: '/admin/coupons', label: 'Coupons' };

export const CHANGE_NOTE = 'A change applies to purchases from now on; purchases already made keep their price.';
export const SITE_OFFER_LABEL = 'Site offer (the banner shows it; only one coupon at a time)';

/** The status a page was sent with (after an add: 'Coupon was added.'). */
function carriedStatus(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('status' in state)) return null;
  return typeof state.status === 'string' ? state.status : null;
}

/** The plans to choose from: every plan, and any of the coupon's that is no longer offered (by its id). */
function planOptions(plans: PlanView[], chosen: string[]): { id: string; name: string }[] {
  const known = plans.map((plan) => ({ id: plan.id, name: plan.name }));
  const missing = chosen.filter((id) => !plans.some((plan) => plan.id === id)).map((id) => ({ id, name: id }));
  return [...known, ...missing];
}

interface CouponFieldsProps {
  mode: 'add' | 'edit';
  coupon?: AdminCouponView;
  plans: PlanView[];
  /** An ended coupon: shown, not changed. */
  readOnly?: boolean;
  initialStatus?: FormStatus<CouponField>;
  /** Sends the request; resolve with the success text to show it; throw to show the error's message. */
  onSubmit: (body: AdminCouponRequest) => Promise<string | void>;
}

/**
 * The coupon form (add and edit): the code (when adding), the discount as a percentage or an amount
 * in dollars, the dates, the limit, the plans, once per member, the site's offer and the reason.
 * Problems show as the other admin forms show them: only the first, in a banner at the top, and
 * the field is marked. To start again from stored values (after a save), render it with a new `key`.
 */
function CouponFields({ mode, coupon, plans, readOnly = false, initialStatus, onSubmit }: CouponFieldsProps) {
  const [values, setValues] = useState<CouponValues>(() => couponValues(coupon));
  const form = useFormStatus<CouponField>({ initial: initialStatus, scroll: true });
  const id = form.id;
  const options = planOptions(plans, coupon?.planIds ?? []);

  const set = <K extends CouponField>(field: K, value: CouponValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.submitting || readOnly) return;
    const problem = couponProblem(values, mode);
    if (problem) {
      form.reject(problem);
      return;
    }
    await form.run(() => onSubmit(couponRequest(values, mode, plans)));
  };

  const submitting = form.submitting;
  /** A text field of the form: the kit's wiring (id, marked and described by the banner after its hint), its name and value. */
  const text = (field: 'code' | 'percentOff' | 'amountOff' | 'validFrom' | 'validUntil' | 'maxRedemptions' | 'reason') => ({
    ...form.field(field),
    name: field,
    fieldClassName: 'admin-field',
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  return (
    <form
      className="form admin-form admin-form--stacked"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={mode === 'add' ? 'New coupon' : `Coupon ${coupon?.code ?? ''}`}
      aria-busy={submitting || undefined}
    >
      <FormAlert status={form.status} id={form.alertId} />
      <fieldset className="admin-form__body" disabled={submitting || readOnly}>
        {mode === 'add' ? (
          <TextField
            {...text('code')}
            label="Code"
            requiredMark
            hint="3 to 32 letters, digits, dashes or underscores; kept in capitals. It cannot be changed later."
            type="text"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
          />
        ) : (
          <TextField
            id={id('code')}
            name="code"
            label="Code"
            fieldClassName="admin-field"
            className="admin-field__readonly"
            type="text"
            readOnly
            value={values.code}
          />
        )}

        <fieldset className="field admin-field admin-choices">
          <FieldLabel>Discount</FieldLabel>
          <div className="admin-choices__list coupon-form__choices">
            {(
              [
                ['percent', 'Percent off'],
                ['amount', 'Amount off'],
              ] as [DiscountKind, string][]
            ).map(([kind, label]) => (
              <label key={kind} className="coupon-form__option">
                <input type="radio" name="kind" value={kind} checked={values.kind === kind} onChange={() => set('kind', kind)} />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {values.kind === 'percent' ? (
          <TextField
            {...text('percentOff')}
            label="Percent off"
            requiredMark
            hint="A whole number from 1 to 100, taken off the total."
            type="number"
            min={1}
            max={100}
            step={1}
            inputMode="numeric"
            required
          />
        ) : (
          <TextField
            {...text('amountOff')}
            label="Amount off (USD)"
            requiredMark
            hint="In dollars (like 10 or 9.99); never more than the price."
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            required
          />
        )}

        <div className="coupon-form__row">
          <TextField {...text('validFrom')} label="Valid from" hint="Your time zone. Empty: from now on." type="datetime-local" />
          <TextField {...text('validUntil')} label="Valid until" hint="Your time zone. Empty: no end." type="datetime-local" />
        </div>

        <TextField
          {...text('maxRedemptions')}
          label="Maximum uses"
          hint={`Empty: no limit.${coupon ? ` Used ${coupon.redemptions === 1 ? 'once' : `${coupon.redemptions} times`} so far.` : ''}`}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
        />

        <fieldset className="field admin-field admin-choices" aria-describedby={hintId(id('planIds'))}>
          <FieldLabel>Applies to</FieldLabel>
          <p className="field__hint" id={hintId(id('planIds'))}>
            None checked: every plan.
          </p>
          <div className="admin-choices__list">
            {options.map((plan) => (
              <label key={plan.id} className="admin-choices__item">
                <input
                  type="checkbox"
                  name="planIds"
                  value={plan.id}
                  checked={values.planIds.includes(plan.id)}
                  onChange={(event) => set('planIds', event.target.checked ? [...values.planIds, plan.id] : values.planIds.filter((item) => item !== plan.id))}
                />
                <span>{plan.name}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="field admin-field">
          <label className="coupon-form__option">
            <input type="checkbox" name="oncePerMember" checked={values.oncePerMember} onChange={(event) => set('oncePerMember', event.target.checked)} />
            <span>One use per member</span>
          </label>
          <label className="coupon-form__option">
            <input
              type="checkbox"
              name="siteOffer"
              checked={values.siteOffer}
              aria-describedby={hintId(id('siteOffer'))}
              onChange={(event) => set('siteOffer', event.target.checked)}
            />
            <span>{SITE_OFFER_LABEL}</span>
          </label>
          <p className="field__hint" id={hintId(id('siteOffer'))}>
            Making this coupon the site&apos;s offer takes the banner from any other coupon.
          </p>
        </div>

        {readOnly ? null : (
          <TextAreaField
            {...text('reason')}
            label="Reason for the change"
            requiredMark
            hint="Kept in the audit log with the change."
            required
            maxLength={500}
          />
        )}

        {readOnly ? null : (
          <div className="admin-form__actions">
            <Button type="submit" loading={submitting} loadingText={mode === 'add' ? 'Adding…' : 'Saving…'}>
              {mode === 'add' ? 'Add coupon' : 'Save coupon'}
            </Button>
          </div>
        )}
        {readOnly ? null : <p className="coupon-form__note">{CHANGE_NOTE}</p>}
      </fieldset>
    </form>
  );
}

/**
 * 'End coupon': a reason, then checkout refuses the coupon from now on (it cannot be undone).
 * `onEnding`: the request was sent (once it succeeds the page shows the coupon ended, without this section).
 */
function EndCoupon({ code, onEnding }: { code: string; onEnding: () => void }) {
  const end = useEndCoupon(code);
  const [reason, setReason] = useState('');
  // A short form under the others: its field takes the focus, the page does not scroll.
  const form = useFormStatus<'reason'>({ focusField: true });
  const prefix = useId();
  const ids = { title: `${prefix}-title`, hint: `${prefix}-hint` };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (end.isPending) return;
    if (isBlank(reason)) {
      form.reject({ field: 'reason', message: REASON_MESSAGE });
      return;
    }
    form.clear();
    onEnding();
    end.mutate({ reason: reason.trim() }, { onError: (error) => form.fail(errorMessage(error)) });
  };

  return (
    <section className="card admin-card" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="card__title">
        End coupon
      </h2>
      <form className="form admin-form admin-form--stacked" onSubmit={submit} noValidate aria-labelledby={ids.title}>
        <FormAlert status={form.status} id={form.alertId} />
        <fieldset className="admin-form__body" disabled={end.isPending}>
          <p className="coupon-form__note" id={ids.hint}>
            Checkout refuses it from now on, and it stops being the site&apos;s offer. This cannot be undone; purchases already made keep their price.
          </p>
          <TextAreaField
            id={form.id('reason')}
            label="Reason for ending"
            requiredMark
            fieldClassName="admin-field"
            name="endReason"
            required
            maxLength={500}
            invalid={form.invalid('reason')}
            // Any problem's banner (the server's too), then the note above.
            aria-describedby={describedBy(form.error !== null && form.alertId, ids.hint)}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="admin-form__actions">
            <Button type="submit" variant="danger" loading={end.isPending} loadingText="Ending…">
              End coupon now
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/** The latest purchases that used the coupon (at most 100), newest first. */
function CouponUses({ coupon, uses, plans }: { coupon: AdminCouponView; uses: CouponUseView[]; plans: PlanView[] }) {
  const titleId = useId();
  return (
    <section className="card admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Uses
      </h2>
      {uses.length === 0 ? (
        <p className="admin-empty">No purchases have used this coupon yet.</p>
      ) : (
        <TableRegion label={`Purchases that used ${coupon.code}`}>
          <table className="admin-table">
            <thead>
              <tr>
                {['Date', 'E-mail', 'Plan', 'Amount', 'Status'].map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {uses.map((use) => (
                <tr key={use.chargeId}>
                  <td className="coupons-table__valid">
                    <time dateTime={new Date(use.at).toISOString()}>{toDateTime(use.at)}</time>
                  </td>
                  <td className="admin-table__wrap">{use.email}</td>
                  <td>{plansText([use.planId], plans)}</td>
                  <td className="coupons-table__number">{money(use.amount)}</td>
                  <td>{use.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {coupon.redemptions > uses.length && uses.length > 0 ? (
        <p className="coupon-uses__more">
          The latest {uses.length} of {coupon.redemptions} are shown.
        </p>
      ) : null}
    </section>
  );
}

/** /admin/coupon-add: the form; once added, the coupon's page says 'Coupon was added.'. */
function CouponAdd() {
  useDocumentTitle('Add coupon');
  const add = useAddCoupon();
  const plans = usePlans();
  const navigate = useNavigate();

  return (
    <>
      <PageHeader back={BACK} title="Add coupon" />
      {plans.isError ? <QueryError error={plans.error} /> : null}
      {plans.isPending ? (
        <Spinner label="Loading the plans…" />
      ) : (
        <section className="card admin-card">
          <CouponFields
            mode="add"
            plans={plans.data ?? []}
            onSubmit={async (body) => {
              const result = await add.mutateAsync(body);
              void navigate(`/admin/coupons/${encodeURIComponent(result.coupon.code)}`, { state: { status: COUPON_ADDED } });
            }}
          />
        </section>
      )}
    </>
  );
}

/** /admin/coupons/{code}: the coupon's form, its end, and the purchases that used it. */
function CouponEdit() {
  const code = useParams().code ?? '';
  useDocumentTitle(`Coupon ${code}`);
  const location = useLocation();
  const coupon = useCoupon(code);
  const plans = usePlans();
  const update = useUpdateCoupon(code);
  const [saved, setSaved] = useState(0);
  const [endRequested, setEndRequested] = useState(false);
  const endedNote = useRef<HTMLDivElement>(null);
  const data = coupon.data;
  const ended = data !== undefined && (data.coupon.endedAt !== null || data.coupon.state === 'ended');

  // Once ended here, the note takes the focus (the section with the button is gone).
  useEffect(() => {
    if (endRequested && ended) endedNote.current?.focus();
  }, [endRequested, ended]);

  const carried = carriedStatus(location.state);
  const message = saved > 0 ? COUPON_SAVED : carried;
  const initialStatus: FormStatus<CouponField> | undefined = message && !ended ? { kind: 'success', message } : undefined;

  return (
    <>
      <PageHeader
        back={BACK}
        title={`Coupon ${data?.coupon.code ?? code}`}
        lead={
          data ? (
            <>
              <CouponState state={data.coupon.state} /> {discountText(data.coupon)} off, used {usesText(data.coupon)}.
            </>
          ) : undefined
        }
      />
      {coupon.isError ? <QueryError error={coupon.error} /> : null}
      {coupon.isPending || plans.isPending ? <Spinner label="Loading the coupon…" /> : null}
      {data && !plans.isPending ? (
        <>
          {plans.isError ? <QueryError error={plans.error} /> : null}
          {ended ? (
            <div ref={endedNote} className="coupon-ended" tabIndex={-1}>
              <Alert tone="info">
                {COUPON_ENDED}
                {data.coupon.endedAt !== null ? ` (on ${toDateTime(data.coupon.endedAt)})` : ''}
              </Alert>
            </div>
          ) : null}
          <section className="card admin-card">
            <CouponFields
              key={`${saved}-${ended}`}
              mode="edit"
              coupon={data.coupon}
              plans={plans.data ?? []}
              readOnly={ended}
              initialStatus={initialStatus}
              onSubmit={async (body) => {
                await update.mutateAsync(body);
                setSaved((version) => version + 1);
                return COUPON_SAVED;
              }}
            />
          </section>
          {ended ? null : <EndCoupon code={data.coupon.code} onEnding={() => setEndRequested(true)} />}
          <CouponUses coupon={data.coupon} uses={data.uses} plans={plans.data ?? []} />
        </>
      ) : null}
    </>
  );
}

/** Both coupon pages, one chunk. */
export default function CouponForm({ mode }: { mode: 'add' | 'edit' }) {
  return mode === 'add' ? <CouponAdd /> : <CouponEdit />;
}
