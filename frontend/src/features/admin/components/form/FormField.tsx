import type { ChangeEvent } from 'react';
import { describedBy, hintId } from '@/components/form/aria';
import { FieldHint, FieldLabel, SelectField, TextAreaField, TextField } from '@/components/form/Field';
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

/** One field of the generic form, by its type (hidden fields render nothing visible), made of the form kit's fields. */
export function FormField({ field, domId, value, invalid, errorId, onChange }: FormFieldProps) {
  // The kit's field props: the label without its asterisk (the kit shows one, hidden from screen readers, for a required field).
  const shell = {
    id: domId,
    name: field.id,
    label: plainLabel(field.label),
    requiredMark: field.required,
    hint: field.helpText,
    invalid,
    errorId,
    fieldClassName: 'admin-field',
  };
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.target.value);

  switch (field.type) {
    case 'hidden':
      return <input type="hidden" name={field.id} value={textOf(value)} />;
    case 'readonly':
      return <TextField {...shell} className="admin-field__readonly" type="text" readOnly value={textOf(value)} />;
    case 'textarea':
      return <TextAreaField {...shell} required={field.required} value={textOf(value)} onChange={onText} />;
    case 'select':
    case 'normal-select':
      return (
        <SelectField
          {...shell}
          required={field.required}
          value={textOf(value)}
          onChange={onText}
          options={field.options ?? []}
          // A select starts with nothing chosen; a normal select offers only its options.
          placeholder={field.type === 'select' ? undefined : null}
        />
      );
    case 'multi-select': {
      const chosen = listOf(value);
      const toggle = (option: string, on: boolean) => onChange(on ? [...chosen, option] : chosen.filter((item) => item !== option));
      const help = field.helpText ? hintId(domId) : undefined;
      return (
        <fieldset className="field admin-field admin-choices" aria-describedby={describedBy(help, invalid && errorId)} aria-invalid={invalid || undefined}>
          <FieldLabel required={field.required}>{plainLabel(field.label)}</FieldLabel>
          {help ? <FieldHint id={help}>{field.helpText}</FieldHint> : null}
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
        <TextField {...shell} className="admin-field__file" type="file" accept={field.accept} onChange={(event) => onChange(event.target.files?.[0] ?? null)} />
      );
    case 'date':
    case 'text':
      return (
        <TextField
          {...shell}
          type={field.type === 'date' ? 'date' : (field.inputType ?? 'text')}
          required={field.required}
          min={field.inputType === 'number' ? 0 : undefined}
          autoComplete={field.autoComplete}
          value={textOf(value)}
          onChange={onText}
        />
      );
  }
}
