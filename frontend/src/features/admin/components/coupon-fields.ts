import type { PlanView } from '@/lib/api/types';
import type { AdminCouponRequest, AdminCouponView } from '../api/types';
import { dollarsToCents } from '../api/affiliates';
import { money, toDateTime } from '../format';

/** A coupon takes a percentage or a fixed amount off, never both. */
export type DiscountKind = 'percent' | 'amount';

/** The coupon form as typed (text as in its inputs; the checkboxes as booleans). */
export interface CouponValues {
  code: string;
  kind: DiscountKind;
  percentOff: string;
  /** Dollars, as typed ('10', '9.99'). */
  amountOff: string;
  /** `datetime-local` values, local time; '' for none. */
  validFrom: string;
  validUntil: string;
  /** '' for no limit. */
  maxRedemptions: string;
  /** None chosen: every plan. */
  planIds: string[];
  oncePerMember: boolean;
  siteOffer: boolean;
  reason: string;
}

/** The fields a message can be about (the form marks that one invalid). */
export type CouponField = keyof CouponValues;

export const REASON_MESSAGE = 'Please give a reason for the change.';
export const CODE_MESSAGE = 'A code is 3 to 32 letters, digits, dashes or underscores.';
export const PERCENT_MESSAGE = 'Give a percentage from 1 to 100.';
export const AMOUNT_MESSAGE = 'Please enter an amount above zero (in dollars, like 10 or 9.99).';
export const DATES_MESSAGE = 'The end date must be after the start date.';
export const LIMIT_MESSAGE = 'The maximum number of uses must be at least 1 (leave it empty for no limit).';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Epoch ms → a `datetime-local` value in this browser's time zone ('2025-06-01T09:30'); '' for none. */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time, seconds optional) → epoch ms; null when empty or not such a value. */
export function fromLocalInput(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map((part) => Number(part ?? '0'));
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // 2025-02-30 rolls over into March: not a date.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.getTime();
}

/** The form's starting values: the coupon's, or an empty 'percent off' coupon for every plan. */
export function couponValues(coupon?: AdminCouponView): CouponValues {
  const amount = coupon !== undefined && coupon.amountOff > 0;
  return {
    code: coupon?.code ?? '',
    kind: amount ? 'amount' : 'percent',
    percentOff: coupon && coupon.percentOff > 0 ? String(coupon.percentOff) : '',
    amountOff: amount ? (coupon.amountOff / 100).toFixed(2) : '',
    validFrom: toLocalInput(coupon?.validFrom),
    validUntil: toLocalInput(coupon?.validUntil),
    maxRedemptions: coupon?.maxRedemptions != null ? String(coupon.maxRedemptions) : '',
    planIds: coupon?.planIds ?? [],
    oncePerMember: coupon?.oncePerMember ?? false,
    siteOffer: coupon?.siteOffer ?? false,
    reason: '',
  };
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * The first problem of the form, in its order, as the server would word it (the server checks
 * again): the code (when adding), the discount, the dates, the limit, then the reason.
 */
export function couponProblem(values: CouponValues, mode: 'add' | 'edit'): { field: CouponField; message: string } | null {
  if (mode === 'add' && !/^[A-Z0-9_-]{3,32}$/.test(values.code.trim().toUpperCase())) return { field: 'code', message: CODE_MESSAGE };
  if (values.kind === 'percent') {
    const percent = wholeNumber(values.percentOff);
    if (percent === null || percent < 1 || percent > 100) return { field: 'percentOff', message: PERCENT_MESSAGE };
  } else if (!dollarsToCents(values.amountOff)) {
    return { field: 'amountOff', message: AMOUNT_MESSAGE };
  }
  for (const field of ['validFrom', 'validUntil'] as const) {
    if (values[field].trim() !== '' && fromLocalInput(values[field]) === null) {
      return { field, message: `Please enter ${field === 'validFrom' ? 'Valid from' : 'Valid until'} as a date and time, or leave it empty.` };
    }
  }
  const from = fromLocalInput(values.validFrom);
  const until = fromLocalInput(values.validUntil);
  if (from !== null && until !== null && until <= from) return { field: 'validUntil', message: DATES_MESSAGE };
  if (values.maxRedemptions.trim() !== '') {
    const limit = wholeNumber(values.maxRedemptions);
    if (limit === null || limit < 1) return { field: 'maxRedemptions', message: LIMIT_MESSAGE };
  }
  if (values.reason.trim() === '') return { field: 'reason', message: REASON_MESSAGE };
  return null;
}

/**
 * The request for checked values: the whole coupon (the unused discount as 0, empty dates and
 * limit as null, no plans as every plan, in the plans' order) and the reason; the code only when adding.
 */
export function couponRequest(values: CouponValues, mode: 'add' | 'edit', plans: PlanView[] = []): AdminCouponRequest {
  const order = (id: string) => {
    const index = plans.findIndex((plan) => plan.id === id);
    return index === -1 ? plans.length : index;
  };
  const limit = values.maxRedemptions.trim();
  const body: AdminCouponRequest = {
    percentOff: values.kind === 'percent' ? Number(values.percentOff.trim()) : 0,
    amountOff: values.kind === 'amount' ? (dollarsToCents(values.amountOff) ?? 0) : 0,
    validFrom: fromLocalInput(values.validFrom),
    validUntil: fromLocalInput(values.validUntil),
    maxRedemptions: limit === '' ? null : Number(limit),
    planIds: [...values.planIds].sort((a, b) => order(a) - order(b)),
    oncePerMember: values.oncePerMember,
    siteOffer: values.siteOffer,
    reason: values.reason.trim(),
  };
  return mode === 'add' ? { code: values.code.trim().toUpperCase(), ...body } : body;
}

/** '40%' or '$10.00'. */
export function discountText(coupon: Pick<AdminCouponView, 'percentOff' | 'amountOff'>): string {
  return coupon.percentOff > 0 ? `${coupon.percentOff}%` : money(coupon.amountOff);
}

/** 'All plans', or the plans' names (their ids while the plans load, or for a plan no longer offered). */
export function plansText(planIds: string[], plans: PlanView[] = []): string {
  if (planIds.length === 0) return 'All plans';
  return planIds.map((id) => plans.find((plan) => plan.id === id)?.name ?? id).join(', ');
}

/** '3 of 5', or '3' without a limit. */
export function usesText(coupon: Pick<AdminCouponView, 'redemptions' | 'maxRedemptions'>): string {
  return coupon.maxRedemptions != null ? `${coupon.redemptions} of ${coupon.maxRedemptions}` : String(coupon.redemptions);
}

/** '2025-06-01 09:00 – 2025-06-30 23:59', 'From …', 'Until …' or 'Any time' (local time). */
export function validText(coupon: Pick<AdminCouponView, 'validFrom' | 'validUntil'>): string {
  const { validFrom: from, validUntil: until } = coupon;
  if (from != null && until != null) return `${toDateTime(from)} – ${toDateTime(until)}`;
  if (from != null) return `From ${toDateTime(from)}`;
  if (until != null) return `Until ${toDateTime(until)}`;
  return 'Any time';
}
