import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { describedBy, hintId } from './aria';
import './field.css';

export interface FieldLabelProps {
  /** The control it names; without one it is the `<legend>` of a group (put it first in a `<fieldset>`). */
  htmlFor?: string;
  /** Shows the asterisk of a required field, hidden from screen readers (they hear 'required'). */
  required?: boolean;
  children: ReactNode;
}

/** A field's label: a `<label>` for one control, the `<legend>` of a group of them. */
export function FieldLabel({ htmlFor, required = false, children }: FieldLabelProps) {
  const content = (
    <>
      {children}
      {required ? (
        <span className="field__required" aria-hidden="true">
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

/** The help under a field; give its id to the control's `aria-describedby`. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="field__hint" id={id}>
      {children}
    </p>
  );
}

export interface FieldProps {
  /** The control's id (the label points to it; the hint's id is made from it). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The asterisk after the label. */
  requiredMark?: boolean;
  /** Classes beside `field` on the wrapper. */
  className?: string;
  /** The control (give it `aria-describedby` with `hintId(id)` when there is a hint). */
  children: ReactNode;
}

/** One labelled control with its hint under it: the shell of every field of the kit. */
export function Field({ id, label, hint, requiredMark = false, className, children }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <FieldLabel htmlFor={id} required={requiredMark}>
        {label}
      </FieldLabel>
      {children}
      {hint ? <FieldHint id={hintId(id)}>{hint}</FieldHint> : null}
    </div>
  );
}

/** What the kit's fields take besides their control's own attributes. */
export interface FieldOptions {
  label: ReactNode;
  hint?: ReactNode;
  /** The control's id; a generated one when left out. */
  id?: string;
  /** The control is wrong: `aria-invalid`, and described by `errorId` too. */
  invalid?: boolean;
  /** The id of the message that says what is wrong (the form's alert), read while `invalid`. */
  errorId?: string;
  /** The asterisk after the label. */
  requiredMark?: boolean;
  /** Classes beside `field` on the wrapper (`className` goes to the control). */
  fieldClassName?: string;
}

/**
 * The control's id and its ARIA: described by its hint, then by the error message while it is
 * invalid. Attributes passed to the field itself come after and win.
 */
function useControl({ id, hint, invalid, errorId }: Pick<FieldOptions, 'id' | 'hint' | 'invalid' | 'errorId'>) {
  const generated = useId();
  const controlId = id ?? generated;
  return {
    controlId,
    aria: {
      'aria-describedby': describedBy(hint ? hintId(controlId) : undefined, invalid ? errorId : undefined),
      'aria-invalid': invalid || undefined,
    },
  };
}

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export interface TextFieldProps extends FieldOptions, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, id, invalid, errorId, requiredMark, fieldClassName, className, ...rest }: TextFieldProps) {
  const { controlId, aria } = useControl({ id, hint, invalid, errorId });
  return (
    <Field id={controlId} label={label} hint={hint} requiredMark={requiredMark} className={fieldClassName}>
      <input id={controlId} className={classes('input', className)} {...aria} {...rest} />
    </Field>
  );
}

export interface TextAreaFieldProps extends FieldOptions, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {}

export function TextAreaField({ label, hint, id, invalid, errorId, requiredMark, fieldClassName, className, ...rest }: TextAreaFieldProps) {
  const { controlId, aria } = useControl({ id, hint, invalid, errorId });
  return (
    <Field id={controlId} label={label} hint={hint} requiredMark={requiredMark} className={fieldClassName}>
      <textarea id={controlId} className={classes('input input--textarea', className)} {...aria} {...rest} />
    </Field>
  );
}

export interface SelectFieldProps extends FieldOptions, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  options: { value: string; label: string }[];
  /** The first option, of value '' (nothing chosen yet); `null` for none: the options only. */
  placeholder?: string | null;
}

export function SelectField({
  label,
  hint,
  id,
  invalid,
  errorId,
  requiredMark,
  fieldClassName,
  className,
  options,
  placeholder = 'Choose one…',
  ...rest
}: SelectFieldProps) {
  const { controlId, aria } = useControl({ id, hint, invalid, errorId });
  return (
    <Field id={controlId} label={label} hint={hint} requiredMark={requiredMark} className={fieldClassName}>
      <select id={controlId} className={classes('input input--select', className)} {...aria} {...rest}>
        {placeholder === null ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
