import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminPlanRequest, AdminPlanView } from './types';
import { adminKeys } from './keys';

export const PLAN_SAVED = 'Plan was saved.';

/** GET /api/admin/plans: every plan but single-book plans, cheapest first. */
export function useAdminPlans() {
  return useQuery({
    queryKey: adminKeys.adminPlans(),
    queryFn: ({ signal }) => api.get('/api/admin/plans', { signal }).then((result) => result.plans),
  });
}

/**
 * PUT /api/admin/plans/{id} ('Plan was saved.'); 400 or 502 with the server's reason. Afterwards
 * the list, the audit log and the back office's copy of GET /api/plans are fetched again, and the
 * members' pages cached in this browser (the pricing pages) are marked stale.
 */
export function useUpdatePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPlanRequest) => api.put('/api/admin/plans/{id}', { params: { path: { id } }, body }),
    onSuccess: (result) => {
      queryClient.setQueryData<AdminPlanView[]>(adminKeys.adminPlans(), (plans) => plans?.map((plan) => (plan.id === result.plan.id ? result.plan : plan)));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.adminPlans() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.plans() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
        queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'admin', refetchType: 'none' }),
      ]);
    },
  });
}
