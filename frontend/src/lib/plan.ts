export type PlanName = 'Monthly' | 'Yearly' | 'Lifetime';

/** An id containing "monthly" or "price" → Monthly, containing "yearly" → Yearly, else Lifetime. */
export function planName(planId: string | null | undefined): PlanName {
  const id = (planId ?? '').toLowerCase();
  if (id.includes('monthly') || id.includes('price')) return 'Monthly';
  if (id.includes('yearly')) return 'Yearly';
  return 'Lifetime';
}

/**
 * What the account calls a member's plan: a gift or a team seat by what it is ("Premium (gift)"),
 * anything else by the spec's rule (`planName`).
 */
export function accountPlanName(planId: string | null | undefined): string {
  if (planId === 'gift') return 'Premium (gift)';
  if (planId === 'bulk') return 'Premium (team seat)';
  return planName(planId);
}

export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
