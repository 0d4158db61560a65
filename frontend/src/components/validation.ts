/** Back-office rule: 'Please specify {label}.' with the asterisk removed from the label. */
export function requiredMessage(label: string): string {
  return `Please specify ${label.replace(/\*/g, '').trim()}.`;
}

/** The first failing required field's message, or null. */
export function firstMissing(fields: { label: string; value: string }[]): string | null {
  for (const field of fields) {
    if (!field.value || field.value.trim() === '') return requiredMessage(field.label);
  }
  return null;
}
