/**
 * The back office's generic form field (back-office spec §3, "Generic form field definition"):
 * id, label, type, inputType, required, value, options, helpText. Every admin form is a list of
 * these, rendered and validated by `AdminForm`.
 */

/** The spec's field kinds. */
export type FieldType = 'text' | 'date' | 'textarea' | 'select' | 'normal-select' | 'file' | 'multi-select' | 'hidden' | 'readonly';

/** What a field holds: text (text, date, textarea, selects, hidden, readonly), the chosen values (multi-select) or a file. */
export type FieldValue = string | string[] | File | null;

export type FormValues = Record<string, FieldValue>;

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldDefinition {
  id: string;
  /** What people read; an asterisk marks a required field and is dropped from messages. */
  label: string;
  type: FieldType;
  /** The `<input type>` of a text field: `text` (default), `email`, `number`, `password`, `search`, `url`. */
  inputType?: string;
  required?: boolean;
  /** The starting value (`[]` for a multi-select, `null` for a file when left out). */
  value?: FieldValue;
  /** The choices of select, normal-select and multi-select. */
  options?: FieldOption[];
  helpText?: string;
  /** Beyond the spec: shown (and checked) only while this holds for the form's current values. */
  showWhen?: (values: FormValues) => boolean;
  /** Beyond the spec: `accept` of a file field (e.g. `image/*`). */
  accept?: string;
  /** Beyond the spec: `autocomplete` of a text field. */
  autoComplete?: string;
}

/** The value a field starts with when its definition gives none. */
export function emptyValue(field: Pick<FieldDefinition, 'type'>): FieldValue {
  if (field.type === 'multi-select') return [];
  if (field.type === 'file') return null;
  return '';
}

/** The starting values of a list of fields. */
export function initialValues(fields: FieldDefinition[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.id, field.value ?? emptyValue(field)]));
}

/** Whether a field is shown for these values. */
export function isShown(field: FieldDefinition, values: FormValues): boolean {
  return field.type !== 'hidden' && (field.showWhen ? field.showWhen(values) : true);
}

/** The text of a text-like value ('' for lists and files). */
export function textOf(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** The chosen values of a multi-select value. */
export function listOf(value: FieldValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}
