// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accountPlanName, isPlanActive, planName } from './plan';

describe('planName', () => {
  it.each([
    ['monthly', 'Monthly'],
    ['premium_monthly_v2', 'Monthly'],
    ['price_1NabcXYZ', 'Monthly'],
    ['yearly', 'Yearly'],
    ['Premium-Yearly', 'Yearly'],
    ['lifetime', 'Lifetime'],
    ['stacksocial', 'Lifetime'],
    [null, 'Lifetime'],
  ])('%s → %s', (planId, expected) => {
    expect(planName(planId)).toBe(expected);
  });
});

describe('accountPlanName', () => {
  it.each([
    ['gift', 'Premium (gift)'],
    ['bulk', 'Premium (team seat)'],
    ['yearly', 'Yearly'],
    ['lifetime', 'Lifetime'],
  ])('%s → %s', (planId, expected) => {
    expect(accountPlanName(planId)).toBe(expected);
  });
});

describe('isPlanActive', () => {
  const now = Date.UTC(2024, 0, 15);
  it('needs a paid date', () => {
    expect(isPlanActive({ paidDate: 0, endPaidDate: null }, now)).toBe(false);
  });
  it('is active without an end date (lifetime)', () => {
    expect(isPlanActive({ paidDate: now - 1000, endPaidDate: null }, now)).toBe(true);
  });
  it('is active while the end date is in the future', () => {
    expect(isPlanActive({ paidDate: now - 1000, endPaidDate: now + 1000 }, now)).toBe(true);
  });
  it('is not active after the end date', () => {
    expect(isPlanActive({ paidDate: now - 10_000, endPaidDate: now - 1 }, now)).toBe(false);
  });
});
