import type { ChangeEvent } from 'react';
import { listOf, textOf, type FieldDefinition, type FieldValue } from './types';
import { plainLabel } from './validation';

interface FormFieldProps {
  field: FieldDefinition;
  /** The element id: the form's prefix and the field's id. */
  domId: string;
  value: FieldValue | undefined;
  invalid: boolean;
  /** The id of the banner that explains a failing field. */
  errorId: string;
  onChange: (value: FieldValue) => void;
}

function Label({ field, htmlFor }: { field: FieldDefinition; htmlFor?: string }) {
  const content = (
    <>
      {plainLabel(field.label)}
      {field.required ? (
        <span className="admin-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  return htmlFor ? (
    <label className="field__label" htmlFor={htmlFor}>
      {content}
    </label>
  ) : (
    <legend className="field__label">{content}</legend>
  );
}

/** One field of the generic form, by its type (hidden fields render nothing visible). */
export function FormField({ field, domId, value, invalid, errorId, onChange }: FormFieldProps) {
  const helpId = field.helpText ? `${domId}-help` : undefined;
  const describedBy = [helpId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const common = {
    id: domId,
    name: field.id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
  };
  const help = field.helpText ? (
    <p className="field__hint" id={helpId}>
      {field.helpText}
    </p>
  ) : null;
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.target.value);

  switch (field.type) {
    case 'hidden':
      return <input type="hidden" name={field.id} value={textOf(value)} />;
    case 'readonly':
      return (
        <div className="field admin-field">
          <Label field={field} htmlFor={domId} />
          <input {...common} className="input admin-field__readonly" type="text" readOnly value={textOf(value)} />
          {help}
        </div>
      );
    case 'textarea':
      return (
        <div className="field admin-field">
          <Label field={field} htmlFor={domId} />
          <textarea {...common} className="input input--textarea" required={field.required} value={textOf(value)} onChange={onText} />
          {help}
        </div>
      );
    case 'select':
    case 'normal-select': {
      const options = field.options ?? [];
      return (
        <div className="field admin-field">
          <Label field={field} htmlFor={domId} />
          <select {...common} className="input input--select" required={field.required} value={textOf(value)} onChange={onText}>
            {/* A select starts with nothing chosen; a normal select offers only its options. */}
            {field.type === 'select' ? <option value="">Choose one…</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {help}
        </div>
      );
    }
    case 'multi-select': {
      const chosen = listOf(value);
      const toggle = (option: string, on: boolean) => onChange(on ? [...chosen, option] : chosen.filter((item) => item !== option));
      return (
        <fieldset className="field admin-field admin-choices" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
          <Label field={field} />
          {help}
          <div className="admin-choices__list" id={domId}>
            {(field.options ?? []).map((option) => (
              <label key={option.value} className="admin-choices__item">
                <input
                  type="checkbox"
                  name={field.id}
                  value={option.value}
                  checked={chosen.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
          <p className="field__hint" aria-live="polite">
            {chosen.length === 1 ? '1 chosen' : `${chosen.length} chosen`}
          </p>
        </fieldset>
      );
    }
    case 'file':
      return (
        <div className="field admin-field">
          <Label field={field} htmlFor={domId} />
          <input
            {...common}
            className="input admin-field__file"
            type="file"
            accept={field.accept}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
          {help}
        </div>
      );
    case 'date':
    case 'text':
      return (
        <div className="field admin-field">
          <Label field={field} htmlFor={domId} />
          <input
            {...common}
            className="input"
            type={field.type === 'date' ? 'date' : (field.inputType ?? 'text')}
            required={field.required}
            min={field.inputType === 'number' ? 0 : undefined}
            autoComplete={field.autoComplete}
            value={textOf(value)}
            onChange={onText}
          />
          {help}
        </div>
      );
  }
}
