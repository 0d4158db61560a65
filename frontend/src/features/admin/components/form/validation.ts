import { numberMessage, plainLabel, requiredMessage } from '@/components/form/validation';
import { isShown, listOf, textOf, type FieldDefinition, type FormValues } from './types';

/** The spec's messages come from the form kit (the label without its asterisk). */
export { numberMessage, plainLabel, requiredMessage };

function isNumberField(field: FieldDefinition): boolean {
  return field.type === 'text' && field.inputType === 'number';
}

/** One field's problem, or null. */
export function fieldProblem(field: FieldDefinition, values: FormValues): string | null {
  const value = values[field.id];
  switch (field.type) {
    // File fields have no validation; hidden and read-only ones are not the person's to fill.
    case 'file':
    case 'hidden':
    case 'readonly':
      return null;
    case 'select':
    case 'normal-select':
      return field.required && textOf(value).trim() === '' ? requiredMessage(field.label) : null;
    case 'multi-select':
      return field.required && listOf(value).length === 0 ? requiredMessage(field.label) : null;
    case 'text':
      if (isNumberField(field)) {
        const text = textOf(value).trim();
        if (text === '' && !field.required) return null;
        const number = Number(text);
        return text === '' || !Number.isFinite(number) || number < 0 ? numberMessage(field.label) : null;
      }
      return field.required && textOf(value).trim() === '' ? requiredMessage(field.label) : null;
    case 'date':
    case 'textarea':
      return field.required && textOf(value).trim() === '' ? requiredMessage(field.label) : null;
  }
}

/**
 * The spec's client validation: only the first failing field's message (in the fields' order),
 * or null when the form may be sent. Fields not shown for these values are not checked.
 */
export function firstProblem(fields: FieldDefinition[], values: FormValues): { fieldId: string; message: string } | null {
  for (const field of fields) {
    if (field.showWhen && !isShown(field, values)) continue;
    const message = fieldProblem(field, values);
    if (message) return { fieldId: field.id, message };
  }
  return null;
}
