import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { scrollToTop } from '@/components/scroll';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { AdminPlanRequest, AdminPlanView } from '@/lib/api/types';
import { PLAN_SAVED, useAdminPlans, useUpdatePlan } from '../api/plans';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import type { FormStatus } from '../components/form/AdminForm';
import { planProblem, planRequest, planValues, priceText, type PlanField, type PlanValues } from '../components/plan-fields';
import { PLANS_NOTE } from './Plans';
import '../components/form/admin-form.css';
import '../coupons.css';

const BACK = { to: '/admin/plans', label: 'Plans' };
export const SOLD_LABEL = 'Sold (shown on the pricing pages)';

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

interface PlanFieldsProps {
  plan: AdminPlanView;
  initialStatus?: FormStatus;
  /** Sends the request; resolve with the success text; throw to show the error's message. */
  onSubmit: (body: AdminPlanRequest) => Promise<string>;
}

/**
 * The plan's form: its name, price in dollars, free trial (subscriptions), whether it is sold, and
 * the reason. The first problem shows in a banner at the top and its field is marked; nothing is
 * sent until the form is right. Render it with a new `key` to start again from stored values.
 */
function PlanFields({ plan, initialStatus = { kind: 'idle' }, onSubmit }: PlanFieldsProps) {
  const prefix = useId();
  const [values, setValues] = useState<PlanValues>(() => planValues(plan));
  const [status, setStatus] = useState<FormStatus>(initialStatus);
  const bannerId = `${prefix}-status`;
  const id = (field: string) => `${prefix}-${field}`;
  const subscription = plan.kind === 'subscription';

  const set = <K extends PlanField>(field: K, value: PlanValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const invalidField = status.kind === 'error' ? status.fieldId : undefined;
  const described = (field: PlanField, hint = false) =>
    [hint ? `${id(field)}-hint` : '', invalidField === field ? bannerId : ''].filter(Boolean).join(' ') || undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'submitting') return;
    const problem = planProblem(values, plan);
    if (problem) {
      setStatus({ kind: 'error', message: problem.message, fieldId: problem.field });
      scrollToTop();
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      const message = await onSubmit(planRequest(values, plan));
      setStatus({ kind: 'success', message });
      scrollToTop();
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessage(error) });
      scrollToTop();
    }
  };

  const submitting = status.kind === 'submitting';
  const text = (field: 'name' | 'price' | 'trialDays' | 'reason') => ({
    id: id(field),
    name: field,
    value: values[field],
    'aria-invalid': invalidField === field || undefined,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  return (
    <form
      className="form admin-form admin-form--stacked"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Plan ${plan.name}`}
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
      <fieldset className="admin-form__body" disabled={submitting}>
        <div className="field admin-field">
          <Label htmlFor={id('name')} required>
            Name
          </Label>
          <input {...text('name')} className="input" type="text" required maxLength={100} autoComplete="off" aria-describedby={described('name')} />
        </div>

        <div className="coupon-form__row">
          <div className="field admin-field">
            <Label htmlFor={id('price')} required>
              Price (USD)
            </Label>
            <input
              {...text('price')}
              className="input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              required
              aria-describedby={described('price', true)}
            />
            <p className="field__hint" id={`${id('price')}-hint`}>
              In dollars (like 12.99), from 0 to 10,000{plan.kind === 'bulk' ? ', for one seat' : ''}
              {plan.interval ? `, each ${plan.interval}` : ''}.
            </p>
          </div>
          {subscription ? (
            <div className="field admin-field">
              <Label htmlFor={id('trialDays')} required>
                Free trial (days)
              </Label>
              <input
                {...text('trialDays')}
                className="input"
                type="number"
                min={0}
                max={90}
                step={1}
                inputMode="numeric"
                required
                aria-describedby={described('trialDays', true)}
              />
              <p className="field__hint" id={`${id('trialDays')}-hint`}>
                0 to 90 days; 0 for none.
              </p>
            </div>
          ) : null}
        </div>

        <div className="field admin-field">
          <label className="coupon-form__option">
            <input
              type="checkbox"
              name="active"
              checked={values.active}
              aria-describedby={`${id('active')}-hint`}
              onChange={(event) => set('active', event.target.checked)}
            />
            <span>{SOLD_LABEL}</span>
          </label>
          <p className="field__hint" id={`${id('active')}-hint`}>
            A plan no longer sold keeps its members and past purchases.
          </p>
        </div>

        <div className="field admin-field">
          <Label htmlFor={id('reason')} required>
            Reason for the change
          </Label>
          <textarea {...text('reason')} className="input input--textarea" required maxLength={500} aria-describedby={described('reason', true)} />
          <p className="field__hint" id={`${id('reason')}-hint`}>
            Kept in the audit log with the change.
          </p>
        </div>

        <div className="admin-form__actions">
          <Button type="submit" loading={submitting} loadingText="Saving…">
            Save plan
          </Button>
        </div>
        <p className="coupon-form__note">{PLANS_NOTE}</p>
      </fieldset>
    </form>
  );
}

/** /admin/plans/{id}: one plan's form (found in the list; there is no call for one plan). */
export default function PlanForm() {
  const planId = useParams().id ?? '';
  const plans = useAdminPlans();
  const update = useUpdatePlan(planId);
  const [saved, setSaved] = useState(0);
  const plan = plans.data?.find((item) => item.id === planId);
  useDocumentTitle(`Plan ${plan?.name ?? planId}`);

  return (
    <>
      <PageHeader back={BACK} title={plan ? plan.name : `Plan ${planId}`} lead={plan ? `${plan.id} · ${plan.kind} · ${priceText(plan)}` : undefined} />
      {plans.isPending ? <Spinner label="Loading the plan…" /> : null}
      {plans.isError ? <QueryError error={plans.error} /> : null}
      {plans.data && !plan ? <Alert tone="warning">Plan not found.</Alert> : null}
      {plan ? (
        <section className="card admin-card">
          <PlanFields
            key={saved}
            plan={plan}
            initialStatus={saved > 0 ? { kind: 'success', message: PLAN_SAVED } : undefined}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              // The list now holds what the server stored: the form starts again from it.
              setSaved((version) => version + 1);
              return PLAN_SAVED;
            }}
          />
        </section>
      ) : null}
    </>
  );
}
