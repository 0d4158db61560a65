// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accountPlanName, planName } from './plan';

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
