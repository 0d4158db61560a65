import type { PlanView, SubscriptionView } from '@/lib/api/types';
import type { RedeemResult } from '@/features/account/api/types';
import type { ChargeResult, PaymentSettings, QuoteResult } from '@/features/billing/api/types';

/** The plans the seed sells (cheapest first), as GET /api/plans lists them. */
export const PLANS: PlanView[] = [
  { id: 'book-7', name: 'Walden (PDF summary)', kind: 'book', interval: null, trialDays: 0, price: 499, minQuantity: 1, purchasable: true, maxQuantity: 1 },
  // The full reports of the two quizzes (issue 16 §2): signed-in buyers only.
  {
    id: 'quiz-results',
    name: 'Intelligence quiz results',
    kind: 'quiz',
    interval: null,
    trialDays: 0,
    price: 499,
    minQuantity: 1,
    purchasable: true,
    maxQuantity: 1,
  },
  {
    id: 'personality-quiz-results',
    name: 'Personality quiz results',
    kind: 'quiz',
    interval: null,
    trialDays: 0,
    price: 499,
    minQuantity: 1,
    purchasable: true,
    maxQuantity: 1,
  },
  {
    id: 'monthly',
    name: 'Premium Monthly',
    kind: 'subscription',
    interval: 'month',
    trialDays: 3,
    price: 999,
    minQuantity: 1,
    purchasable: true,
    maxQuantity: 1,
  },
  {
    id: 'bulk',
    name: 'Team seat (one year of Premium)',
    kind: 'bulk',
    interval: null,
    trialDays: 0,
    price: 2999,
    minQuantity: 20,
    purchasable: true,
    maxQuantity: 200,
  },
  {
    id: 'gift',
    name: 'Gift: one year of Premium',
    kind: 'gift',
    interval: null,
    trialDays: 0,
    price: 4499,
    minQuantity: 1,
    purchasable: true,
    maxQuantity: 200,
  },
  {
    id: 'yearly',
    name: 'Premium Yearly',
    kind: 'subscription',
    interval: 'year',
    trialDays: 3,
    price: 5999,
    minQuantity: 1,
    purchasable: true,
    maxQuantity: 1,
  },
  { id: 'lifetime', name: 'Premium Lifetime', kind: 'lifetime', interval: null, trialDays: 0, price: 14999, minQuantity: 1, purchasable: true, maxQuantity: 1 },
];

export function planById(id: string): PlanView | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The server's computation (billing::pricing): add-ons, then the coupon off the whole. */
export function makeQuote(planId: string, addInfographics = 0, percentOff = 0, quantity = 1): QuoteResult {
  const plan = planById(planId);
  const unitPrice = plan?.price ?? 0;
  const addOnPrice = addInfographics === 20 ? 1099 : addInfographics === 50 ? 2999 : 0;
  const subtotal = unitPrice * quantity + addOnPrice;
  const discount = Math.round((subtotal * percentOff) / 100);
  // A subscription renews at the plan's price with the coupon; the add-on is paid once.
  const recurring = plan?.kind === 'subscription' ? unitPrice - Math.round((unitPrice * percentOff) / 100) : null;
  return { planId, quantity, unitPrice, addOnPrice, subtotal, percentOff, discount, total: subtotal - discount, recurring };
}

/** Card and PayPal on, through test keys. */
export function makeSettings(overrides: Partial<PaymentSettings> = {}): PaymentSettings {
  return {
    card: true,
    stripePublishableKey: 'pk_test_123',
    stripeJsUrl: 'https://js.stripe.test/v3/',
    paypal: true,
    paypalClientId: 'paypal-client',
    paypalSdkUrl: 'https://paypal.test/sdk/js',
    testMode: false,
    ...overrides,
  };
}

export function makeCharge(overrides: Partial<ChargeResult> = {}): ChargeResult {
  return {
    status: 'succeeded',
    chargeId: 'ch_guest_1',
    clientSecret: null,
    isPaid: true,
    notLoggedIn: false,
    planId: 'monthly',
    endPaidDate: Date.UTC(2099, 0, 4),
    infographicsUrl: null,
    landingPageVariant: 'default',
    buffer: null,
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    planId: 'monthly',
    planName: 'Premium Monthly',
    paidWith: 'card',
    status: 'active',
    periodEnd: Date.UTC(2099, 5, 30, 12),
    renews: true,
    ...overrides,
  };
}

/** What redeeming a gift or seat code gives (a year of Premium). */
export function makeRedeemed(overrides: Partial<RedeemResult> = {}): RedeemResult {
  return { planId: 'gift', endPaidDate: Date.UTC(2099, 5, 30, 12), isPaid: true, ...overrides };
}
