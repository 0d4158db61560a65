import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminCouponRequest, AdminCouponResult, AdminEndCouponRequest } from './types';
import { adminKeys } from './keys';

export const COUPON_ADDED = 'Coupon was added.';
export const COUPON_SAVED = 'Coupon was saved.';
export const COUPON_ENDED = 'This coupon has ended.';

/** GET /api/admin/coupons: every coupon, newest first. */
export function useCoupons() {
  return useQuery({
    queryKey: adminKeys.coupons(),
    queryFn: ({ signal }) => api.get('/api/admin/coupons', { signal }).then((result) => result.coupons),
  });
}

/** GET /api/admin/coupons/{code}: the coupon and the latest 100 purchases that used it. */
export function useCoupon(code: string) {
  return useQuery({
    queryKey: adminKeys.coupon(code),
    queryFn: ({ signal }) => api.get('/api/admin/coupons/{code}', { params: { path: { code } }, signal }),
    enabled: code.trim() !== '',
  });
}

/**
 * After a coupon changes: its page shows what the server answered, and the list (another coupon
 * may have stopped being the site's offer), the coupon, and the audit log are fetched again.
 * Members' pages cached in this browser (the site's offer banner) are stale too.
 */
function afterCouponChange(queryClient: QueryClient, result: AdminCouponResult): Promise<unknown> {
  queryClient.setQueryData(adminKeys.coupon(result.coupon.code), result);
  return Promise.all([
    // The list and every coupon's page (one may be open under the code as typed in the address).
    queryClient.invalidateQueries({ queryKey: adminKeys.couponsAll() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'admin', refetchType: 'none' }),
  ]);
}

/** POST /api/admin/coupons ('Coupon was added.'); 400 with the server's reason. */
export function useAddCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCouponRequest) => api.post('/api/admin/coupons', { body }),
    onSuccess: (result) => afterCouponChange(queryClient, result),
  });
}

/** PUT /api/admin/coupons/{code}: the whole coupon but its code ('Coupon was saved.'). */
export function useUpdateCoupon(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCouponRequest) => api.put('/api/admin/coupons/{code}', { params: { path: { code } }, body }),
    onSuccess: (result) => afterCouponChange(queryClient, result),
  });
}

/** POST /api/admin/coupons/{code}/end {reason}: checkout refuses it from now on. */
export function useEndCoupon(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminEndCouponRequest) => api.post('/api/admin/coupons/{code}/end', { params: { path: { code } }, body }),
    onSuccess: (result) => afterCouponChange(queryClient, result),
  });
}
