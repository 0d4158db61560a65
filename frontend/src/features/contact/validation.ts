/** Back-office spec §5, Contact and Suggest: any of name, e-mail and message empty. */
export const COMPLETE_FORM_MESSAGE = 'Please complete the form.';
/** Back-office spec §5, Feedback: the feedback or the e-mail empty. */
export const REQUIRED_FIELDS_MESSAGE = 'Please input the required fields.';
/** The server's answer to an e-mail address that cannot be one (checked here first). */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Something@something.something, no spaces: what a person could mean as an address. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** The index of the first field that is empty or only whitespace, or -1. */
export function firstEmpty(values: string[]): number {
  return values.findIndex((value) => value.trim() === '');
}

/** Moves the focus to the field a message is about (after the message was shown). */
export function focusField(id: string): void {
  document.getElementById(id)?.focus();
}
