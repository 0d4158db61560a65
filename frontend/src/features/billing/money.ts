import type { PlanView } from '@/lib/api/types';

export { formatCents } from '@/lib/billing/money';

/** Infographic add-ons (member spec §9): packs of 20 for $10.99 and 50 for $29.99. */
export const ADD_ONS = [
  { count: 0, price: 0, label: 'No infographics' },
  { count: 20, price: 1099, label: '20 infographics' },
  { count: 50, price: 2999, label: '50 infographics' },
] as const;

export type AddOnCount = (typeof ADD_ONS)[number]['count'];

/** The plans /try and /pricing offer: subscriptions and the plan for life. */
export function isOnPricingPage(plan: PlanView): boolean {
  return plan.kind === 'subscription' || plan.kind === 'lifetime';
}

export function isSubscription(plan: Pick<PlanView, 'kind'>): boolean {
  return plan.kind === 'subscription';
}

/** "/month", "/year" or "one-time payment". */
export function periodLabel(plan: Pick<PlanView, 'interval'>): string {
  if (plan.interval === 'month') return '/month';
  if (plan.interval === 'year') return '/year';
  return 'one-time payment';
}

/** "month" or "year" (subscriptions only). */
export function intervalNoun(plan: Pick<PlanView, 'interval'>): string {
  return plan.interval === 'year' ? 'year' : 'month';
}

/** "3-day free trial", or null for plans without one (lifetime). */
export function trialLabel(plan: Pick<PlanView, 'trialDays'>): string | null {
  return plan.trialDays > 0 ? `${plan.trialDays}-day free trial` : null;
}

/** When a trial that starts now ends (epoch ms). */
export function trialEnd(plan: Pick<PlanView, 'trialDays'>, now: number): number {
  return now + plan.trialDays * 86_400_000;
}

/**
 * Plans whose checkout asks how many: those whose purchase makes codes (gifts, team seats). The
 * server says how many may be bought; a subscription, lifetime, a book or a quiz comes one at a time.
 */
export function hasQuantity(plan: Pick<PlanView, 'maxQuantity'>): boolean {
  return plan.maxQuantity > 1;
}

/** Infographic add-ons go with a member's own Premium, not with gifts, seats or single books. */
export function offersAddOns(plan: Pick<PlanView, 'kind'>): boolean {
  return plan.kind === 'subscription' || plan.kind === 'lifetime';
}

/**
 * A guest must give an e-mail for the receipt, except for the two special plans, gifts and seats
 * (member spec §5, Checkout).
 */
export function needsBuyerEmail(plan: Pick<PlanView, 'kind'>): boolean {
  return plan.kind !== 'gift' && plan.kind !== 'bulk';
}

/** The spec's messages for a quantity out of range (the server answers the same). */
export function quantityProblem(plan: Pick<PlanView, 'minQuantity' | 'maxQuantity'>, typed: string): string | null {
  const quantity = Number(typed);
  if (!typed.trim() || !Number.isInteger(quantity) || quantity < plan.minQuantity) {
    return plan.minQuantity > 1 ? `Please choose a quantity >= ${plan.minQuantity}` : `Please choose a quantity from 1 to ${plan.maxQuantity}.`;
  }
  if (quantity > plan.maxQuantity) return `Please choose a quantity from 1 to ${plan.maxQuantity}.`;
  return null;
}

/** `?quantity=` as the page was linked with it, else the plan's minimum. */
export function initialQuantity(plan: Pick<PlanView, 'minQuantity'>, linked: string | null): string {
  const quantity = Number(linked);
  return linked && Number.isInteger(quantity) && quantity > 0 ? String(quantity) : String(plan.minQuantity);
}
