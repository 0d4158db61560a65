import { api } from '@/lib/api/client';
import type { MarkAsPaidResult } from './types';

/** POST /api/user/mark-as-paid: attaches a purchase made before signing in to this member (once). */
export function markAsPaid(chargeId: string): Promise<MarkAsPaidResult> {
  return api.post('/api/user/mark-as-paid', { body: { chargeId } });
}
