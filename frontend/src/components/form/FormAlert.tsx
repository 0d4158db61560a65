import { Alert } from '../Alert';
import type { FormStatus } from './use-form-status';

/**
 * A form's message at its top: an error in a warning (announced; the fields it is about point to
 * it by `id`), a success text in a success status; nothing otherwise.
 */
export function FormAlert({ status, id }: { status: FormStatus<string>; id: string }) {
  if (status.kind === 'error') {
    return (
      <Alert tone="warning" id={id}>
        {status.message}
      </Alert>
    );
  }
  if (status.kind === 'success') {
    return (
      <Alert tone="success" id={id}>
        {status.message}
      </Alert>
    );
  }
  return null;
}
