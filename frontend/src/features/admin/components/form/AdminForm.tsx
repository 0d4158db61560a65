import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { scrollToTop } from '@/components/scroll';
import { errorMessage } from '@/lib/api/client';
import { FormField } from './FormField';
import { initialValues, isShown, type FieldDefinition, type FieldValue, type FormValues } from './types';
import { firstProblem } from './validation';
import './admin-form.css';

export type FormStatus =
  { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success'; message: string } | { kind: 'error'; message: string; fieldId?: string };

export interface AdminFormProps {
  fields: FieldDefinition[];
  submitLabel: string;
  /** The button's text while the form is sent ("Saving…"). */
  submittingLabel?: string;
  /**
   * Sends the checked values. Resolve with the success text to show it ('Book was added.'), or
   * with nothing; throw (an ApiError, say) to show the error's message.
   */
  onSubmit: (values: FormValues) => Promise<string | void> | string | void;
  /** Every change of a value (for a preview beside the form). */
  onValuesChange?: (values: FormValues) => void;
  /** The data the form edits is still loading. */
  loading?: boolean;
  loadingLabel?: string;
  /** Shown after the fields, before the button (a progress bar...). */
  children?: ReactNode;
  /** Shown right after the field with that id (a link to the upload page...). */
  after?: Record<string, ReactNode>;
  /** `inline`: fields and button on one line where there is room (search and filter forms). */
  layout?: 'stacked' | 'inline';
  /** The form's accessible name (search and filter forms without a heading of their own). */
  label?: string;
  role?: 'search';
  /** A status shown from outside (e.g. after a redirect); replaced by the form's own. */
  initialStatus?: FormStatus;
}

/**
 * The back office's one form: fields from the spec's generic definition, the spec's client checks
 * (only the first failing field's message, in a warning banner, and the page scrolls to the top),
 * and loading, sending, success and error states. While the form is sent every control is
 * disabled. To start again from new data (after a save), render it with a new `key`.
 */
export function AdminForm({
  fields,
  submitLabel,
  submittingLabel = 'Saving…',
  onSubmit,
  onValuesChange,
  loading = false,
  loadingLabel = 'Loading…',
  children,
  after,
  layout = 'stacked',
  label,
  role,
  initialStatus = { kind: 'idle' },
}: AdminFormProps) {
  const prefix = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [status, setStatus] = useState<FormStatus>(initialStatus);
  const valuesRef = useRef(values);
  const bannerId = `${prefix}-status`;

  if (loading) return <Spinner label={loadingLabel} />;

  const change = (id: string, value: FieldValue) => {
    const next = { ...valuesRef.current, [id]: value };
    valuesRef.current = next;
    setValues(next);
    onValuesChange?.(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'submitting') return;
    const current = valuesRef.current;
    const problem = firstProblem(fields, current);
    if (problem) {
      setStatus({ kind: 'error', message: problem.message, fieldId: problem.fieldId });
      scrollToTop();
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      const message = await onSubmit(current);
      setStatus(message ? { kind: 'success', message } : { kind: 'idle' });
      if (message) scrollToTop();
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessage(error) });
      scrollToTop();
    }
  };

  const submitting = status.kind === 'submitting';
  const invalidField = status.kind === 'error' ? status.fieldId : undefined;

  return (
    <form
      className={`form admin-form admin-form--${layout}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={label}
      role={role}
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
        {fields.map((field) =>
          field.type === 'hidden' || isShown(field, values) ? (
            <div key={field.id} className={field.type === 'hidden' ? undefined : 'admin-form__item'} hidden={field.type === 'hidden' || undefined}>
              <FormField
                field={field}
                domId={`${prefix}-${field.id}`}
                value={values[field.id]}
                invalid={invalidField === field.id}
                errorId={bannerId}
                onChange={(value) => change(field.id, value)}
              />
              {after?.[field.id] ?? null}
            </div>
          ) : null,
        )}
        {children}
        <div className="admin-form__actions">
          <Button type="submit" loading={submitting} loadingText={submittingLabel}>
            {submitLabel}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
