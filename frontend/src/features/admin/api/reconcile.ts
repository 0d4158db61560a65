import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from './keys';

/** GET /api/admin/reconcile: the last reconciliation with the payment providers (`last` is null before the first). */
export function useLastReconcile() {
  return useQuery({
    queryKey: adminKeys.reconcile(),
    queryFn: ({ signal }) => api.get('/api/admin/reconcile', { signal }),
  });
}
