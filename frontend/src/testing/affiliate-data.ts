import type { AdminAffiliate } from '@/features/admin/api/types';
import type { AffiliateView } from '@/features/affiliate/api/types';

/** GET /api/affiliate for a member who applied and waits (override the status, link and figures). */
export function makeAffiliate(overrides: Partial<AffiliateView> = {}): AffiliateView {
  return {
    status: 'pending',
    name: 'Ada Lovelace',
    email: 'payouts@example.com',
    audience: 'A newsletter about books, 4,000 readers.',
    appliedAt: Date.UTC(2025, 2, 4, 12),
    link: null,
    referred: 0,
    earnedCents: 0,
    pendingCents: 0,
    paidOutCents: 0,
    balanceCents: 0,
    ...overrides,
  };
}

/** One affiliate as the back office lists it. */
export function makeAdminAffiliate(overrides: Partial<AdminAffiliate> = {}): AdminAffiliate {
  const userId = overrides.userId ?? 7;
  return {
    userId,
    accountEmail: `member${userId}@example.com`,
    name: `Affiliate ${userId}`,
    email: `payouts${userId}@example.com`,
    audience: 'A book blog with 2,000 monthly readers.',
    status: 'pending',
    appliedAt: Date.UTC(2025, 2, 4, 12) + userId * 60_000,
    decidedAt: null,
    referred: 0,
    earnedCents: 0,
    pendingCents: 0,
    paidOutCents: 0,
    balanceCents: 0,
    ...overrides,
  };
}
