import { isBlank, looksLikeEmail, type FieldProblem } from '@/components/form/validation';

/**
 * The server's answers to an incomplete application (docs/referral.md, POST
 * /api/affiliate/apply), checked here first and in the server's order: each field missing (or the
 * address not one) in the order of the form, then the terms, then the two lengths.
 */
export const NAME_MESSAGE = 'Please enter your name.';
export const NAME_LENGTH_MESSAGE = 'Please keep your name under 100 characters.';
export const EMAIL_MESSAGE = 'Please enter your email.';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const AUDIENCE_MESSAGE = 'Please tell us about your website or audience.';
export const AUDIENCE_LENGTH_MESSAGE = 'Please keep the description under 2000 characters.';
export const TERMS_MESSAGE = 'Please accept the affiliate terms.';

export const NAME_MAX = 100;
export const AUDIENCE_MAX = 2000;

export type ApplicationField = 'name' | 'email' | 'audience' | 'acceptTerms';

export interface ApplicationValues {
  name: string;
  email: string;
  audience: string;
  acceptTerms: boolean;
}

/** Characters as the server counts them (code points, not UTF-16 units), spaces around left out. */
function length(value: string): number {
  return [...value.trim()].length;
}

/** The first thing wrong with an application (the field and the message to show), or null. */
export function applicationProblem(values: ApplicationValues): FieldProblem<ApplicationField> | null {
  if (isBlank(values.name)) return { field: 'name', message: NAME_MESSAGE };
  if (isBlank(values.email)) return { field: 'email', message: EMAIL_MESSAGE };
  if (!looksLikeEmail(values.email)) return { field: 'email', message: INVALID_EMAIL_MESSAGE };
  if (isBlank(values.audience)) return { field: 'audience', message: AUDIENCE_MESSAGE };
  if (!values.acceptTerms) return { field: 'acceptTerms', message: TERMS_MESSAGE };
  if (length(values.name) > NAME_MAX) return { field: 'name', message: NAME_LENGTH_MESSAGE };
  if (length(values.audience) > AUDIENCE_MAX) return { field: 'audience', message: AUDIENCE_LENGTH_MESSAGE };
  return null;
}
