import type { AdminPlanRequest, AdminPlanView } from '../api/types';
import { dollarsToCents } from '../api/affiliates';
import { money } from '../format';

/** The plan form as typed (text as in its inputs). */
export interface PlanValues {
  name: string;
  /** Dollars, as typed ('12.99'). */
  price: string;
  trialDays: string;
  active: boolean;
  reason: string;
}

export type PlanField = keyof PlanValues;

export const REASON_MESSAGE = 'Please give a reason for the change.';
export const PRICE_MESSAGE = 'The price must be from $0.00 to $10,000.00.';
export const TRIAL_MESSAGE = 'A free trial is 0 to 90 days.';
export const NAME_MESSAGE = "A plan's name is 1 to 100 characters.";

/** The highest price, in cents ($10,000.00). */
const MAX_PRICE = 1_000_000;

export function planValues(plan: AdminPlanView): PlanValues {
  return { name: plan.name, price: (plan.price / 100).toFixed(2), trialDays: String(plan.trialDays), active: plan.active, reason: '' };
}

/** The first problem of the form as the server would word it (the server checks again). */
export function planProblem(values: PlanValues, plan: AdminPlanView): { field: PlanField; message: string } | null {
  const name = values.name.trim();
  if (name.length < 1 || name.length > 100) return { field: 'name', message: NAME_MESSAGE };
  const cents = dollarsToCents(values.price);
  if (cents === null || cents > MAX_PRICE) return { field: 'price', message: PRICE_MESSAGE };
  if (plan.kind === 'subscription') {
    const days = /^\d+$/.test(values.trialDays.trim()) ? Number(values.trialDays.trim()) : null;
    if (days === null || days > 90) return { field: 'trialDays', message: TRIAL_MESSAGE };
  }
  if (values.reason.trim() === '') return { field: 'reason', message: REASON_MESSAGE };
  return null;
}

/** The request for checked values; the trial only for a subscription. */
export function planRequest(values: PlanValues, plan: AdminPlanView): AdminPlanRequest {
  return {
    name: values.name.trim(),
    price: dollarsToCents(values.price) ?? 0,
    ...(plan.kind === 'subscription' ? { trialDays: Number(values.trialDays.trim()) } : {}),
    active: values.active,
    reason: values.reason.trim(),
  };
}

/** '$9.99', with '/ month' or '/ year' for a subscription and '/ seat' for the bulk plan. */
export function priceText(plan: Pick<AdminPlanView, 'price' | 'interval' | 'kind'>): string {
  if (plan.interval) return `${money(plan.price)} / ${plan.interval}`;
  return plan.kind === 'bulk' ? `${money(plan.price)} / seat` : money(plan.price);
}

/** '7 days', '1 day', 'None', or '—' for a plan that has no trial. */
export function trialText(plan: Pick<AdminPlanView, 'trialDays' | 'kind'>): string {
  if (plan.kind !== 'subscription') return '—';
  if (plan.trialDays === 0) return 'None';
  return plan.trialDays === 1 ? '1 day' : `${plan.trialDays} days`;
}
