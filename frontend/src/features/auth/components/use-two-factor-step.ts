import { useCallback, useState } from 'react';
import type { CompleteOptions } from './use-complete-sign-in';

/** A login waiting for its second step: the server's challenge and how to finish the sign-in. */
export interface PendingSecondStep {
  challenge: string;
  /** What the first step would have done on success (redirect rules, charge handling). */
  options: CompleteOptions;
}

/**
 * The two-factor step of a sign-in page: `start` when a login or social callback answers a
 * challenge, `clear` to go back to the first step.
 */
export function useTwoFactorStep() {
  const [pending, setPending] = useState<PendingSecondStep | null>(null);
  const start = useCallback((challenge: string, options: CompleteOptions) => setPending({ challenge, options }), []);
  const clear = useCallback(() => setPending(null), []);
  return { pending, start, clear };
}
