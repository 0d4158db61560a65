import { useCallback, useId, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api/client';
import { scrollToTop } from '../scroll';
import { describedBy } from './aria';
import type { FieldProblem } from './validation';

/** Where a form is: nothing to say, being sent, or a message (an error may be about one field). */
export type FormStatus<F extends string = string> =
  { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success'; message: string } | { kind: 'error'; message: string; field?: F };

export interface FormStatusOptions<F extends string = string> {
  /** The status to start with (e.g. 'Saved.' carried over a re-render with a new `key`). */
  initial?: FormStatus<F>;
  /**
   * Scroll the page up whenever a message shows, so that the alert at the top of the form is
   * seen (the back office's long forms, the member forms' server errors).
   */
  scroll?: boolean;
  /** A refused field takes the focus (it is described by the alert) instead of the page scrolling. */
  focusField?: boolean;
}

const IDLE: FormStatus<never> = { kind: 'idle' };

/**
 * A form's state and messages, and the ids that tie them to its fields. `reject` a field a check
 * refused, `fail` with the server's message, `succeed` with a success text, or `run` the whole
 * send (submitting, then the success text or the error's message). While an error is about a
 * field, that field is `aria-invalid` and described by the alert.
 */
export function useFormStatus<F extends string = string>({ initial = IDLE, scroll = false, focusField = false }: FormStatusOptions<F> = {}) {
  const prefix = useId();
  const [status, setStatus] = useState<FormStatus<F>>(initial);
  const alertId = `${prefix}-alert`;
  const id = useCallback((field: F) => `${prefix}-${field}`, [prefix]);

  const show = useCallback(
    (next: FormStatus<F>) => {
      setStatus(next);
      if (scroll) scrollToTop();
    },
    [scroll],
  );
  const reject = useCallback(
    (problem: FieldProblem<F>) => {
      setStatus({ kind: 'error', message: problem.message, field: problem.field });
      if (focusField) document.getElementById(id(problem.field))?.focus();
      else if (scroll) scrollToTop();
    },
    [focusField, id, scroll],
  );
  const fail = useCallback((message: string) => show({ kind: 'error', message }), [show]);
  const succeed = useCallback((message: string) => show({ kind: 'success', message }), [show]);
  const clear = useCallback(() => setStatus(IDLE), []);
  const run = useCallback(
    async (send: () => Promise<string | void> | string | void) => {
      setStatus({ kind: 'submitting' });
      try {
        const message = await send();
        if (message) succeed(message);
        else setStatus(IDLE);
      } catch (error) {
        fail(errorMessage(error));
      }
    },
    [fail, succeed],
  );

  const invalidField = status.kind === 'error' ? status.field : undefined;
  return useMemo(() => {
    const invalid = (field: F) => invalidField === field;
    return {
      status,
      submitting: status.kind === 'submitting',
      /** The error's message, if the form shows one. */
      error: status.kind === 'error' ? status.message : null,
      /** The id of the form's alert (`FormAlert`). */
      alertId,
      /** A field's control id. */
      id,
      invalid,
      /** For the kit's fields: `<TextField {...form.field('email')} …/>`. */
      field: (field: F) => ({ id: id(field), invalid: invalid(field), errorId: alertId }),
      /** For a control of one's own: its id, and its ARIA (described by `hints` first, then by the alert while it is about it). */
      control: (field: F, ...hints: (string | false | undefined)[]) => ({
        id: id(field),
        'aria-invalid': invalid(field) || undefined,
        'aria-describedby': describedBy(...hints, invalid(field) && alertId),
      }),
      reject,
      fail,
      succeed,
      clear,
      run,
    };
  }, [status, invalidField, alertId, id, reject, fail, succeed, clear, run]);
}

export type FormStatusApi<F extends string = string> = ReturnType<typeof useFormStatus<F>>;

/**
 * The one message of a form whose checks name no field: set it and scroll it into view, or clear
 * it. Stable functions (safe in effects' dependencies).
 */
export function useFormAlert() {
  const { error, fail, clear } = useFormStatus({ scroll: true });
  return { message: error, showError: fail, clearError: clear };
}
