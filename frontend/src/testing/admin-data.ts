import type {
  AdminBook,
  AdminBookRow,
  AdminCouponRequest,
  AdminCouponView,
  AdminPlanRequest,
  AdminPlanView,
  AdminStats,
  AdminUser,
  AuditEntry,
  CouponUseView,
} from '@/features/admin/api/types';
import { PLANS } from './billing-data';
import { makeUser } from './data';
import { fail, http, ok } from './handlers';

/** Back-office fixtures and the calls an admin's pages make before anything is asked of them. */

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const id = overrides.id ?? 7;
  return {
    id,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `member${id}@example.com`,
    planId: null,
    paymentMethod: null,
    paidDate: 0,
    endPaidDate: null,
    createDate: Date.UTC(2025, 2, 4, 12),
    ...overrides,
  };
}

/** `count` members with ids from `firstId` down (newest first). */
export function adminUsers(count: number, firstId: number): AdminUser[] {
  return Array.from({ length: count }, (_, index) => makeAdminUser({ id: firstId - index }));
}

export function makeBookRow(overrides: Partial<AdminBookRow> = {}): AdminBookRow {
  const id = overrides.id ?? 1;
  return {
    id,
    subid: `book-${id}`,
    title: `Book ${id}`,
    author: 'Henry Thoreau',
    uploadDate: Date.UTC(2025, 0, id),
    deleted: false,
    preview: false,
    ...overrides,
  };
}

export function makeAdminBook(overrides: Partial<AdminBook> = {}): AdminBook {
  const id = overrides.id ?? 5;
  return {
    id,
    subid: 'walden',
    title: 'Walden',
    author: 'Henry David Thoreau',
    authorDesc: 'An American naturalist.',
    description: 'Life in the woods.',
    body: '<h2>Economy</h2><p>Simplify, simplify.</p>',
    quotes: ['Go confidently.'],
    takeaways: ['Live simply'],
    tags: ['nature', 'classics'],
    categories: [1],
    goals: [],
    image: 'public/covers/walden.png',
    imageUrl: '/media/public/covers/walden.png',
    imageCardUrl: '/media/public/covers/walden-card.jpg',
    vector: '',
    vectorUrl: '',
    infographicUrl: null,
    mediaUrl: null,
    video: null,
    podcast: null,
    free: false,
    isPopular: false,
    comingSoon: false,
    uploadDate: Date.UTC(2025, 0, 2, 9, 30),
    deleted: false,
    preview: false,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    from: '2025-03-01',
    to: '2025-03-03',
    days: [
      { day: '2025-03-01', signups: 4, active: 20, completions: 3, purchases: 1 },
      { day: '2025-03-02', signups: 6, active: 25, completions: 5, purchases: 0 },
      { day: '2025-03-03', signups: 2, active: 22, completions: 4, purchases: 2 },
    ],
    members: 1250,
    dailyActive: 22,
    weeklyActive: 140,
    monthlyActive: 610,
    payingByPlan: [
      { planId: 'monthly', members: 80 },
      { planId: 'yearly', members: 40 },
    ],
    trialsStarted: 50,
    trialsConverted: 20,
    trialConversion: 0.4,
    mrr: 123456,
    churned: 3,
    renewing: 120,
    churnRate: 0.025,
    topBooks: [
      { id: 5, title: 'Walden', completions: 9 },
      { id: 6, title: 'Meditations', completions: 7 },
    ],
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const id = overrides.id ?? 1;
  return {
    id,
    actorId: 1,
    actorEmail: 'admin@gistbook.app',
    action: 'member.plan_changed',
    entity: 'member',
    entityId: '7',
    before: { planId: null, paidDate: null },
    after: { planId: 'lifetime', paidDate: Date.UTC(2025, 2, 4) },
    reason: 'Refund by hand',
    at: Date.UTC(2025, 2, 4, 10, 15),
    ...overrides,
  };
}

/** A running 40% coupon for every plan, used by nobody yet. */
export function makeAdminCoupon(overrides: Partial<AdminCouponView> = {}): AdminCouponView {
  return {
    code: 'SPRING40',
    percentOff: 40,
    amountOff: 0,
    validFrom: null,
    validUntil: null,
    maxRedemptions: null,
    redemptions: 0,
    planIds: [],
    oncePerMember: false,
    siteOffer: false,
    endedAt: null,
    state: 'running',
    ...overrides,
  };
}

/** A paid purchase of a year of Premium that used a coupon. */
export function makeCouponUse(overrides: Partial<CouponUseView> = {}): CouponUseView {
  return {
    chargeId: 'ch_1',
    email: 'reader@example.com',
    planId: 'yearly',
    amount: 3599,
    status: 'paid',
    at: Date.UTC(2025, 3, 2, 10, 30),
    ...overrides,
  };
}

/** A coupon's state as the server works it out (billing's `Coupon::state`). */
export function couponState(coupon: Omit<AdminCouponView, 'state'>, now = Date.now()): string {
  if (coupon.endedAt !== null) return 'ended';
  if (coupon.validUntil !== null && now >= coupon.validUntil) return 'expired';
  if (coupon.validFrom !== null && now < coupon.validFrom) return 'scheduled';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'used up';
  return 'running';
}

/** The coupon the server stores for an add (`before` undefined) or a save of `before` (its code and uses kept). */
export function couponFromRequest(body: AdminCouponRequest, before?: AdminCouponView): AdminCouponView {
  const coupon = {
    code: before?.code ?? (body.code ?? '').trim().toUpperCase(),
    percentOff: body.percentOff ?? 0,
    amountOff: body.amountOff ?? 0,
    validFrom: body.validFrom ?? null,
    validUntil: body.validUntil ?? null,
    maxRedemptions: body.maxRedemptions ?? null,
    redemptions: before?.redemptions ?? 0,
    planIds: body.planIds ?? [],
    oncePerMember: body.oncePerMember ?? false,
    siteOffer: body.siteOffer ?? false,
    endedAt: before?.endedAt ?? null,
  };
  return { ...coupon, state: couponState(coupon) };
}

/** The plans the back office lists (GET /api/admin/plans): the seed's plans but the single-book one, cheapest first, all sold. */
export function makeAdminPlans(): AdminPlanView[] {
  return PLANS.filter((plan) => plan.kind !== 'book').map((plan) => ({
    ...plan,
    active: true,
    paypalPlan: plan.kind === 'subscription' ? `P-${plan.id.toUpperCase()}-${plan.trialDays}D` : null,
  }));
}

/** A plan as the back office lists it (the seed's monthly plan unless `id` names another). */
export function makeAdminPlan(overrides: Partial<AdminPlanView> = {}): AdminPlanView {
  const plan = makeAdminPlans().find((item) => item.id === (overrides.id ?? 'monthly')) ?? makeAdminPlans()[0];
  return { ...plan, ...overrides };
}

/** The plan the server stores for a save of `before` (what the request leaves out is kept; a trial only for a subscription). */
export function planFromRequest(body: AdminPlanRequest, before: AdminPlanView): AdminPlanView {
  const trialDays = before.kind === 'subscription' ? (body.trialDays ?? before.trialDays) : before.trialDays;
  return {
    ...before,
    name: body.name ?? before.name,
    price: body.price ?? before.price,
    trialDays,
    active: body.active ?? before.active,
    purchasable: body.active ?? before.active,
    paypalPlan: before.kind === 'subscription' ? `P-${before.id.toUpperCase()}-${trialDays}D` : before.paypalPlan,
  };
}

/** A signed-in admin with two-factor on (the account and two-factor calls the shell makes). */
export function adminAccess(options: { isAdmin?: boolean; twoFactor?: boolean } = {}) {
  const user = makeUser({ id: 1, isAdmin: options.isAdmin ?? true, email: 'admin@gistbook.app' });
  return [
    http.get('/api/user/account', () => ok({ user })),
    http.get('/api/user/session', () => ok({ user })),
    http.get('/api/user/two-factor', () => ok({ enabled: options.twoFactor ?? true, recoveryCodesLeft: 10 })),
  ];
}

/** The answer every admin call gives a member (403 forbidden). */
export const forbidden = () => fail(403, 'This is for administrators.', 'forbidden');
