/**
 * The form kit's checks and messages, shared by the member forms and the back office's. A form's
 * own rules (which fields, in which order, with which texts) stay with the form; these are the
 * pieces they are made of.
 */

/** What a form's check found: the field to mark (and focus) and the message to show. */
export interface FieldProblem<F extends string = string> {
  field: F;
  message: string;
}

/** Empty, or only whitespace. */
export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** The index of the first value that is empty or only whitespace, or -1. */
export function firstEmpty(values: string[]): number {
  return values.findIndex(isBlank);
}

/** Something@something.something, no spaces: what a person could mean as an address. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** The label without the asterisk that marks a required field. */
export function plainLabel(label: string): string {
  return label.replace(/\*/g, '').trim();
}

/** Back-office rule: 'Please specify {label}.', the asterisk dropped from the label. */
export function requiredMessage(label: string): string {
  return `Please specify ${plainLabel(label)}.`;
}

/** Back-office rule for a number field: 'Please make sure {label} is greater or equal to 0.' */
export function numberMessage(label: string): string {
  return `Please make sure ${plainLabel(label)} is greater or equal to 0.`;
}

/** The message of the first required field left empty (or only whitespace), or null. */
export function firstMissing(fields: { label: string; value: string }[]): string | null {
  const missing = fields.find((field) => !field.value || isBlank(field.value));
  return missing ? requiredMessage(missing.label) : null;
}
