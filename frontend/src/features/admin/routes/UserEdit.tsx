import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { PlanView } from '@/lib/api/types';
import type { AdminUser, AdminUserRequest } from '../api/types';
import { usePlans, useRefetchUsers, useUpdateUser, useUser } from '../api/users';
import { QueryError } from '../components/AccessPages';
import { AdminForm } from '../components/form/AdminForm';
import { PodcastFeedUse } from '../components/PodcastFeedUse';
import { textOf, type FieldDefinition, type FormValues } from '../components/form/types';
import { fromDay, toDay } from '../format';

export const REASON_LABEL = 'Reason for the plan change*';

/** The plan fields: changing any of them is a change of plan, which needs a reason. */
const PLAN_FIELDS = ['planId', 'paidDate', 'endPaidDate'] as const;

export function userFields(user: AdminUser, plans: PlanView[]): FieldDefinition[] {
  const options = [{ value: '', label: 'No plan' }, ...plans.map((plan) => ({ value: plan.id, label: `${plan.name} (${plan.id})` }))];
  if (user.planId && !plans.some((plan) => plan.id === user.planId)) options.push({ value: user.planId, label: user.planId });
  const initial: Record<(typeof PLAN_FIELDS)[number], string> = {
    planId: user.planId ?? '',
    paidDate: toDay(user.paidDate),
    endPaidDate: toDay(user.endPaidDate),
  };
  return [
    { id: 'userId', label: 'User Id', type: 'hidden', value: String(user.id) },
    { id: 'firstName', label: 'First Name*', type: 'text', required: true, value: user.firstName, autoComplete: 'off' },
    { id: 'lastName', label: 'Last Name*', type: 'text', required: true, value: user.lastName, autoComplete: 'off' },
    { id: 'email', label: 'Email*', type: 'text', inputType: 'email', required: true, value: user.email, autoComplete: 'off' },
    { id: 'planId', label: 'Plan', type: 'normal-select', options, value: initial.planId },
    { id: 'paidDate', label: 'Paid Date', type: 'date', value: initial.paidDate, helpText: 'When the current paid period started (needed with a plan).' },
    { id: 'endPaidDate', label: 'End Date', type: 'date', value: initial.endPaidDate, helpText: 'Leave empty for no end (a plan for life).' },
    { id: 'paymentMethod', label: 'Payment Method', type: 'text', value: user.paymentMethod ?? '' },
    {
      id: 'reason',
      label: REASON_LABEL,
      type: 'textarea',
      required: true,
      helpText: 'Kept in the audit log with the change.',
      showWhen: (values) => PLAN_FIELDS.some((id) => textOf(values[id]) !== initial[id]),
    },
  ];
}

/**
 * The request for the form's values. Dates left as they were keep the stored time of day, so
 * saving a name does not count as a change of plan; an end left as it was is not sent (unchanged).
 */
export function userRequest(user: AdminUser, values: FormValues): AdminUserRequest {
  const paid = textOf(values.paidDate);
  const end = textOf(values.endPaidDate);
  const body: AdminUserRequest = {
    userId: user.id,
    firstName: textOf(values.firstName),
    lastName: textOf(values.lastName),
    email: textOf(values.email).trim(),
    planId: textOf(values.planId),
    paidDate: paid === toDay(user.paidDate) ? user.paidDate : (fromDay(paid) ?? 0),
    paymentMethod: textOf(values.paymentMethod),
  };
  if (end !== toDay(user.endPaidDate)) body.endPaidDate = fromDay(end) ?? 0;
  const reason = textOf(values.reason).trim();
  if (reason) body.reason = reason;
  return body;
}

/** /admin/users/{id} and /admin/user-edit/{userId}: 'User #{id}'. */
export default function UserEdit() {
  const id = Number(useParams().id);
  useDocumentTitle(`User #${id}`);
  const user = useUser(id);
  const plans = usePlans();
  const update = useUpdateUser();
  const refetch = useRefetchUsers();
  const [saved, setSaved] = useState<{ message: string; version: number } | null>(null);

  const save = async (values: FormValues) => {
    if (!user.data) return;
    await update.mutateAsync(userRequest(user.data, values));
    const message = `User #${id} was updated.`;
    // Spec §4: the member is fetched again; the form starts again from what was stored.
    await refetch();
    setSaved((previous) => ({ message, version: (previous?.version ?? 0) + 1 }));
    return message;
  };

  return (
    <>
      <header className="page__header">
        <p className="admin-back">
          <Link to="/admin/users">← Members</Link>
        </p>
        <h1 className="page__title">User #{id}</h1>
        {user.data ? (
          <p className="page__lead">
            {user.data.email}, since {toDay(user.data.createDate)}
          </p>
        ) : null}
      </header>
      {user.isError ? <QueryError error={user.error} /> : null}
      {user.isPending || plans.isPending ? <Spinner label="Loading the member…" /> : null}
      {user.data && !plans.isPending ? (
        <section className="card admin-card">
          <AdminForm
            // A new form with the stored values after each save.
            key={saved?.version ?? 0}
            fields={userFields(user.data, plans.data ?? [])}
            submitLabel="Save"
            onSubmit={save}
            initialStatus={saved ? { kind: 'success', message: saved.message } : undefined}
          />
        </section>
      ) : null}
      {user.data ? <PodcastFeedUse userId={id} /> : null}
    </>
  );
}
