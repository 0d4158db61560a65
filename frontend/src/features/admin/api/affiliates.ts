import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminAffiliate, AdminAffiliatesPage, AffiliateDecision, PayoutRequest } from './types';
import { adminKeys } from './keys';

/** Affiliates per page (pending first, then the newest application); 'Load More' asks for the next ones. */
export const AFFILIATES_PAGE = 50;

/** The address of the CSV of every affiliate, and the name it is saved under. */
export const AFFILIATES_CSV_PATH = '/api/admin/affiliates.csv';
export const AFFILIATES_CSV_NAME = 'gistbook-affiliates.csv';

export type AffiliateFilter = 'all' | 'pending' | 'approved' | 'rejected';
export type AffiliateStatus = AdminAffiliate['status'];

export const AFFILIATE_FILTERS: readonly AffiliateFilter[] = ['all', 'pending', 'approved', 'rejected'];

export const STATUS_LABELS: Record<AffiliateStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** GET /api/admin/affiliates?start=&filter=: 50 from `start` (an offset), with the filter's total and the pending count. */
export function getAffiliates(start: number, filter: AffiliateFilter, signal?: AbortSignal): Promise<AdminAffiliatesPage> {
  return api.get('/api/admin/affiliates', { params: { query: { start, filter } }, signal });
}

/**
 * Where the next page starts: the rows loaded that the server still lists under the filter (a
 * pending affiliate approved here has left the server's pending list; every row stays under 'all').
 */
export function nextStart(pages: AdminAffiliatesPage[], filter: AffiliateFilter): number {
  const loaded = mergeAffiliates(pages);
  return filter === 'all' ? loaded.length : loaded.filter((affiliate) => affiliate.status === filter).length;
}

/** Pages merged in order, each affiliate once (an application that arrived meanwhile shifts the pages). */
export function mergeAffiliates(pages: AdminAffiliatesPage[]): AdminAffiliate[] {
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.affiliates)
    .filter((affiliate) => {
      if (seen.has(affiliate.userId)) return false;
      seen.add(affiliate.userId);
      return true;
    });
}

/** The affiliates of a filter: 'Load More' fetches the next 50 and merges them; the newest page's counts. */
export function useAffiliates(filter: AffiliateFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.affiliates(filter),
    queryFn: ({ pageParam, signal }) => getAffiliates(pageParam, filter, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      if (last.affiliates.length < AFFILIATES_PAGE) return undefined;
      const start = nextStart(pages, filter);
      return start < last.total ? start : undefined;
    },
    select: (data) => {
      const last = data.pages.at(-1);
      return { affiliates: mergeAffiliates(data.pages), total: last?.total ?? 0, pending: last?.pending ?? 0 };
    },
  });
}

type Lists = InfiniteData<AdminAffiliatesPage, number>;

/**
 * Every cached list with `affiliate` as the server now has it, where it is (a pending list does not
 * drop a row under the admin's pointer), and the pending count moved when it left 'pending'. The
 * lists are then stale and fetched again when shown. A list that should now hold the affiliate but
 * does not, or whose first page is still on its way, is fetched again at once: the admin opened
 * 'Approved' while the approval was on its way, and the server read its list before the approval
 * landed, so without a new fetch the row would never come.
 */
function updateLists(queryClient: QueryClient, affiliate: AdminAffiliate) {
  const missing: QueryKey[] = [];
  for (const [key, before] of queryClient.getQueriesData<Lists>({ queryKey: adminKeys.affiliatesAll() })) {
    const filter = key.at(-1);
    const known = before?.pages.flatMap((page) => page.affiliates).find((item) => item.userId === affiliate.userId);
    if (!known && (filter === 'all' || filter === affiliate.status)) missing.push(key);
    if (!before) continue;
    const change = known ? Number(affiliate.status === 'pending') - Number(known.status === 'pending') : 0;
    queryClient.setQueryData<Lists>(key, {
      ...before,
      pages: before.pages.map((page) => ({
        ...page,
        pending: Math.max(0, page.pending + change),
        affiliates: page.affiliates.map((item) => (item.userId === affiliate.userId ? affiliate : item)),
      })),
    });
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.affiliatesAll(), refetchType: 'none' }),
    ...missing.map(async (queryKey) => {
      // A refetch joins a first fetch still on its way instead of starting anew, so that one is cancelled first.
      await queryClient.cancelQueries({ queryKey, exact: true });
      await queryClient.refetchQueries({ queryKey, exact: true, type: 'active' });
    }),
  ]);
}

/** PUT /api/admin/affiliates/{userId} {status: 'approved' | 'rejected'}: the row changes in place. */
export function useDecideAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: number } & AffiliateDecision) =>
      api.put('/api/admin/affiliates/{userId}', { params: { path: { userId } }, body: { status } }),
    onSuccess: (result) => updateLists(queryClient, result.affiliate),
  });
}

/**
 * POST /api/admin/affiliates/{userId}/payouts {amountCents, note}: a payout made outside the app,
 * recorded (paid out up, balance down). 400 with the reason (nothing, more than the balance, not approved).
 */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: number } & PayoutRequest) =>
      api.post('/api/admin/affiliates/{userId}/payouts', { params: { path: { userId } }, body }),
    onSuccess: (result) => updateLists(queryClient, result.affiliate),
  });
}

/**
 * Dollars as typed ('12.50', '$1,200', '7.5', '.99') → integer cents; null when it is not an amount with at
 * most two decimals. Done on the digits, not with floating point (0.29 * 100 is 28.999…).
 */
export function dollarsToCents(text: string): number | null {
  const typed = text.trim().replace(/^\$\s*/, '');
  // Commas only as thousands separators: a decimal comma ('12,50') is refused, not read as 1250.
  if (typed.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(typed)) return null;
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(typed.replace(/,/g, ''));
  if (!match || (!match[1] && !match[2])) return null;
  const cents = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
