import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { hintId } from '@/components/form/aria';
import { TextAreaField, TextField } from '@/components/form/Field';
import { FormAlert } from '@/components/form/FormAlert';
import { useFormStatus, type FormStatus } from '@/components/form/use-form-status';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminPlanRequest, AdminPlanView } from '../api/types';
import { PLAN_SAVED, useAdminPlans, useUpdatePlan } from '../api/plans';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { planProblem, planRequest, planValues, priceText, type PlanField, type PlanValues } from '../components/plan-fields';
import { PLANS_NOTE } from './Plans';
import '../components/form/admin-form.css';
import '../coupons.css';

const BACK = { to: '/admin/plans', label: 'Plans' };
export const SOLD_LABEL = 'Sold (shown on the pricing pages)';

interface PlanFieldsProps {
  plan: AdminPlanView;
  initialStatus?: FormStatus<PlanField>;
  /** Sends the request; resolve with the success text; throw to show the error's message. */
  onSubmit: (body: AdminPlanRequest) => Promise<string>;
}

/**
 * The plan's form: its name, price in dollars, free trial (subscriptions), whether it is sold, and
 * the reason. The first problem shows in a banner at the top and its field is marked; nothing is
 * sent until the form is right. Render it with a new `key` to start again from stored values.
 */
function PlanFields({ plan, initialStatus, onSubmit }: PlanFieldsProps) {
  const [values, setValues] = useState<PlanValues>(() => planValues(plan));
  const form = useFormStatus<PlanField>({ initial: initialStatus, scroll: true });
  const subscription = plan.kind === 'subscription';

  const set = <K extends PlanField>(field: K, value: PlanValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.submitting) return;
    const problem = planProblem(values, plan);
    if (problem) {
      form.reject(problem);
      return;
    }
    await form.run(() => onSubmit(planRequest(values, plan)));
  };

  const submitting = form.submitting;
  /** A text field of the form: the kit's wiring (id, marked and described by the banner), its name and value. */
  const text = (field: 'name' | 'price' | 'trialDays' | 'reason') => ({
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
      aria-label={`Plan ${plan.name}`}
      aria-busy={submitting || undefined}
    >
      <FormAlert status={form.status} id={form.alertId} />
      <fieldset className="admin-form__body" disabled={submitting}>
        <TextField {...text('name')} label="Name" requiredMark type="text" required maxLength={100} autoComplete="off" />

        <div className="coupon-form__row">
          <TextField
            {...text('price')}
            label="Price (USD)"
            requiredMark
            hint={
              <>
                In dollars (like 12.99), from 0 to 10,000{plan.kind === 'bulk' ? ', for one seat' : ''}
                {plan.interval ? `, each ${plan.interval}` : ''}.
              </>
            }
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            required
          />
          {subscription ? (
            <TextField
              {...text('trialDays')}
              label="Free trial (days)"
              requiredMark
              hint="0 to 90 days; 0 for none."
              type="number"
              min={0}
              max={90}
              step={1}
              inputMode="numeric"
              required
            />
          ) : null}
        </div>

        <div className="field admin-field">
          <label className="coupon-form__option">
            <input
              type="checkbox"
              name="active"
              checked={values.active}
              aria-describedby={hintId(form.id('active'))}
              onChange={(event) => set('active', event.target.checked)}
            />
            <span>{SOLD_LABEL}</span>
          </label>
          <p className="field__hint" id={hintId(form.id('active'))}>
            A plan no longer sold keeps its members and past purchases.
          </p>
        </div>

        <TextAreaField {...text('reason')} label="Reason for the change" requiredMark hint="Kept in the audit log with the change." required maxLength={500} />

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
