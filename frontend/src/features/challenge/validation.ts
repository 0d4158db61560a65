/** The server's texts (docs/challenge.md): the page checks the same before asking. */
export const PICK_MESSAGE = 'Please pick at least one goal and specify an email address.';
export const TWO_GOALS_MESSAGE = 'You can only pick two goals.';

/** A plan is made for one or two goals. */
export const MAX_GOALS = 2;

export type PlanField = 'goals' | 'email';

/**
 * What is wrong with a plan request, or null: no goal or an empty e-mail (one text for both, as the
 * server says it; `field` is the one to fix first), more than two goals. The address itself is
 * the server's to check ('Please enter a valid email address.').
 */
export function planProblem(input: { goals: readonly number[]; email: string }): { field: PlanField; message: string } | null {
  if (input.goals.length === 0) return { field: 'goals', message: PICK_MESSAGE };
  if (input.email.trim() === '') return { field: 'email', message: PICK_MESSAGE };
  if (input.goals.length > MAX_GOALS) return { field: 'goals', message: TWO_GOALS_MESSAGE };
  return null;
}
