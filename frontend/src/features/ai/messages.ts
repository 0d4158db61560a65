import { ApiError } from '@/lib/api/client';

/** Member spec §8, word for word: what the AI page says when the server gave no reason. */
export const UNEXPECTED_ERROR = 'There was an unexpected error. Try again later.';

/**
 * Member spec §8 (AI): the server's error is shown; otherwise (no answer, an answer without the
 * JSON envelope, an exception) the unexpected-error text.
 */
export function aiErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code && error.code !== 'network_error') return error.message;
  return UNEXPECTED_ERROR;
}
