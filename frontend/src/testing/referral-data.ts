import type { ReferralsResult, ReferralStats } from '@/features/referral/api/types';

/** GET /api/user/refers for a member whose link brought nobody yet. */
export function makeReferrals(overrides: { rId?: string; link?: string; refers?: Partial<ReferralStats> } = {}): ReferralsResult {
  const rId = overrides.rId ?? 'ada7Kq2x';
  return {
    rId,
    link: overrides.link ?? `http://localhost:3000/r/${rId}`,
    refers: { num: 0, paying: 0, money: 0, pendingCents: 0, availableCents: 0, list: [], ...overrides.refers },
  };
}
