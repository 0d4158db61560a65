import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { AdminCouponRequest, AdminCouponView, CouponUseView, PlanView } from '@/lib/api/types';
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
import type { FormStatus } from '../components/form/AdminForm';
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

/** A label, with the asterisk of a required field hidden from screen readers (they hear 'required'). */
function Label({ htmlFor, children, required = false }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {children}
      {required ? (
        <span className="admin-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

interface CouponFieldsProps {
  mode: 'add' | 'edit';
  coupon?: AdminCouponView;
  plans: PlanView[];
  /** An ended coupon: shown, not changed. */
  readOnly?: boolean;
  initialStatus?: FormStatus;
  /** Sends the request; resolve with the success text to show it; throw to show the error's message. */
  onSubmit: (body: AdminCouponRequest) => Promise<string | void>;
}

/**
 * The coupon form (add and edit): the code (when adding), the discount as a percentage or an amount
 * in dollars, the dates, the limit, the plans, once per member, the site's offer and the reason.
 * Problems show as the other admin forms show them: only the first, in a banner at the top, and
 * the field is marked. To start again from stored values (after a save), render it with a new `key`.
 */
function CouponFields({ mode, coupon, plans, readOnly = false, initialStatus = { kind: 'idle' }, onSubmit }: CouponFieldsProps) {
  const prefix = useId();
  const [values, setValues] = useState<CouponValues>(() => couponValues(coupon));
  const [status, setStatus] = useState<FormStatus>(initialStatus);
  const bannerId = `${prefix}-status`;
  const id = (field: string) => `${prefix}-${field}`;
  const options = planOptions(plans, coupon?.planIds ?? []);

  const set = <K extends CouponField>(field: K, value: CouponValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const invalidField = status.kind === 'error' ? status.fieldId : undefined;
  /** A field's description: its hint, and the banner while the banner is about it. */
  const described = (field: CouponField, hint = false) =>
    [hint ? `${id(field)}-hint` : '', invalidField === field ? bannerId : ''].filter(Boolean).join(' ') || undefined;
  const invalid = (field: CouponField) => invalidField === field || undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'submitting' || readOnly) return;
    const problem = couponProblem(values, mode);
    if (problem) {
      setStatus({ kind: 'error', message: problem.message, fieldId: problem.field });
      scrollToTop();
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      const message = await onSubmit(couponRequest(values, mode, plans));
      setStatus(message ? { kind: 'success', message } : { kind: 'idle' });
      if (message) scrollToTop();
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessage(error) });
      scrollToTop();
    }
  };

  const submitting = status.kind === 'submitting';
  const text = (field: 'code' | 'percentOff' | 'amountOff' | 'validFrom' | 'validUntil' | 'maxRedemptions' | 'reason') => ({
    id: id(field),
    name: field,
    value: values[field],
    'aria-invalid': invalid(field),
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
      {status.kind === 'error' ? (
        <Alert tone="warning" id={bannerId}>
          {status.message}
        </Alert>
      ) : null}
      {status.kind === 'success' ? (
        <Alert tone="success" id={bannerId}>
          {status.message}
        </Alert>
      ) : null}
      <fieldset className="admin-form__body" disabled={submitting || readOnly}>
        {mode === 'add' ? (
          <div className="field admin-field">
            <Label htmlFor={id('code')} required>
              Code
            </Label>
            <input
              {...text('code')}
              className="input"
              type="text"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              aria-describedby={described('code', true)}
            />
            <p className="field__hint" id={`${id('code')}-hint`}>
              3 to 32 letters, digits, dashes or underscores; kept in capitals. It cannot be changed later.
            </p>
          </div>
        ) : (
          <div className="field admin-field">
            <Label htmlFor={id('code')}>Code</Label>
            <input id={id('code')} name="code" className="input admin-field__readonly" type="text" readOnly value={values.code} />
          </div>
        )}

        <fieldset className="field admin-field admin-choices">
          <legend className="field__label">Discount</legend>
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
          <div className="field admin-field">
            <Label htmlFor={id('percentOff')} required>
              Percent off
            </Label>
            <input
              {...text('percentOff')}
              className="input"
              type="number"
              min={1}
              max={100}
              step={1}
              inputMode="numeric"
              required
              aria-describedby={described('percentOff', true)}
            />
            <p className="field__hint" id={`${id('percentOff')}-hint`}>
              A whole number from 1 to 100, taken off the total.
            </p>
          </div>
        ) : (
          <div className="field admin-field">
            <Label htmlFor={id('amountOff')} required>
              Amount off (USD)
            </Label>
            <input
              {...text('amountOff')}
              className="input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              required
              aria-describedby={described('amountOff', true)}
            />
            <p className="field__hint" id={`${id('amountOff')}-hint`}>
              In dollars (like 10 or 9.99); never more than the price.
            </p>
          </div>
        )}

        <div className="coupon-form__row">
          <div className="field admin-field">
            <Label htmlFor={id('validFrom')}>Valid from</Label>
            <input {...text('validFrom')} className="input" type="datetime-local" aria-describedby={described('validFrom', true)} />
            <p className="field__hint" id={`${id('validFrom')}-hint`}>
              Your time zone. Empty: from now on.
            </p>
          </div>
          <div className="field admin-field">
            <Label htmlFor={id('validUntil')}>Valid until</Label>
            <input {...text('validUntil')} className="input" type="datetime-local" aria-describedby={described('validUntil', true)} />
            <p className="field__hint" id={`${id('validUntil')}-hint`}>
              Your time zone. Empty: no end.
            </p>
          </div>
        </div>

        <div className="field admin-field">
          <Label htmlFor={id('maxRedemptions')}>Maximum uses</Label>
          <input
            {...text('maxRedemptions')}
            className="input"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            aria-describedby={described('maxRedemptions', true)}
          />
          <p className="field__hint" id={`${id('maxRedemptions')}-hint`}>
            Empty: no limit.{coupon ? ` Used ${coupon.redemptions === 1 ? 'once' : `${coupon.redemptions} times`} so far.` : ''}
          </p>
        </div>

        <fieldset className="field admin-field admin-choices" aria-describedby={`${id('planIds')}-hint`}>
          <legend className="field__label">Applies to</legend>
          <p className="field__hint" id={`${id('planIds')}-hint`}>
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
              aria-describedby={`${id('siteOffer')}-hint`}
              onChange={(event) => set('siteOffer', event.target.checked)}
            />
            <span>{SITE_OFFER_LABEL}</span>
          </label>
          <p className="field__hint" id={`${id('siteOffer')}-hint`}>
            Making this coupon the site&apos;s offer takes the banner from any other coupon.
          </p>
        </div>

        {readOnly ? null : (
          <div className="field admin-field">
            <Label htmlFor={id('reason')} required>
              Reason for the change
            </Label>
            <textarea {...text('reason')} className="input input--textarea" required maxLength={500} aria-describedby={described('reason', true)} />
            <p className="field__hint" id={`${id('reason')}-hint`}>
              Kept in the audit log with the change.
            </p>
          </div>
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
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = useId();
  const ids = { title: `${prefix}-title`, reason: `${prefix}-reason`, alert: `${prefix}-alert`, hint: `${prefix}-hint` };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (end.isPending) return;
    if (reason.trim() === '') {
      setProblem(REASON_MESSAGE);
      document.getElementById(ids.reason)?.focus();
      return;
    }
    setProblem(null);
    onEnding();
    end.mutate({ reason: reason.trim() }, { onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <section className="card admin-card" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="card__title">
        End coupon
      </h2>
      <form className="form admin-form admin-form--stacked" onSubmit={submit} noValidate aria-labelledby={ids.title}>
        {problem ? (
          <Alert tone="warning" id={ids.alert}>
            {problem}
          </Alert>
        ) : null}
        <fieldset className="admin-form__body" disabled={end.isPending}>
          <p className="coupon-form__note" id={ids.hint}>
            Checkout refuses it from now on, and it stops being the site&apos;s offer. This cannot be undone; purchases already made keep their price.
          </p>
          <div className="field admin-field">
            <Label htmlFor={ids.reason} required>
              Reason for ending
            </Label>
            <textarea
              id={ids.reason}
              name="endReason"
              className="input input--textarea"
              required
              maxLength={500}
              aria-invalid={problem === REASON_MESSAGE || undefined}
              aria-describedby={[problem ? ids.alert : '', ids.hint].filter(Boolean).join(' ')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
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
  const initialStatus: FormStatus | undefined = message && !ended ? { kind: 'success', message } : undefined;

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
