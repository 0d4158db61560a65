import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { FormAlert } from '@/components/form/FormAlert';
import { useFormStatus, type FormStatus } from '@/components/form/use-form-status';
import { FormField } from './FormField';
import { initialValues, isShown, type FieldDefinition, type FieldValue, type FormValues } from './types';
import { firstProblem } from './validation';
import './admin-form.css';

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
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  // The spec: the message in a banner at the top, and the page scrolls up to it.
  const form = useFormStatus({ initial: initialStatus, scroll: true });
  const valuesRef = useRef(values);

  if (loading) return <Spinner label={loadingLabel} />;

  const change = (id: string, value: FieldValue) => {
    const next = { ...valuesRef.current, [id]: value };
    valuesRef.current = next;
    setValues(next);
    onValuesChange?.(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.submitting) return;
    const current = valuesRef.current;
    const problem = firstProblem(fields, current);
    if (problem) {
      form.reject({ field: problem.fieldId, message: problem.message });
      return;
    }
    await form.run(() => onSubmit(current));
  };

  const submitting = form.submitting;

  return (
    <form
      className={`form admin-form admin-form--${layout}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={label}
      role={role}
      aria-busy={submitting || undefined}
    >
      <FormAlert status={form.status} id={form.alertId} />
      <fieldset className="admin-form__body" disabled={submitting}>
        {fields.map((field) =>
          field.type === 'hidden' || isShown(field, values) ? (
            <div key={field.id} className={field.type === 'hidden' ? undefined : 'admin-form__item'} hidden={field.type === 'hidden' || undefined}>
              <FormField
                field={field}
                domId={form.id(field.id)}
                value={values[field.id]}
                invalid={form.invalid(field.id)}
                errorId={form.alertId}
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
