import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AuditEntry } from './types';
import { adminKeys } from './keys';

/** The audit log's page size. */
export const AUDIT_PAGE = 100;

/** The actions the server records, with how the page names them. */
export const AUDIT_ACTIONS: { value: string; label: string }[] = [
  { value: 'member.updated', label: 'Member updated' },
  { value: 'member.plan_changed', label: 'Plan changed' },
  { value: 'book.added', label: 'Book added' },
  { value: 'book.updated', label: 'Book updated' },
  { value: 'book.deleted', label: 'Book deleted' },
  { value: 'book.restored', label: 'Book restored' },
  { value: 'book.media_uploaded', label: 'File uploaded' },
  { value: 'book.preview_picked', label: 'Monthly preview picked' },
  { value: 'podcast.added', label: 'Podcast added' },
  { value: 'podcast.updated', label: 'Podcast updated' },
  { value: 'goal.added', label: 'Goal added' },
  { value: 'goal.updated', label: 'Goal updated' },
  { value: 'post.added', label: 'Blog post added' },
  { value: 'post.updated', label: 'Blog post updated' },
  { value: 'insight.added', label: 'Insight added' },
  { value: 'insight.updated', label: 'Insight updated' },
  { value: 'collection.added', label: 'Collection added' },
  { value: 'collection.updated', label: 'Collection updated' },
  { value: 'visual.added', label: 'Visual added' },
  { value: 'visual.updated', label: 'Visual updated' },
  { value: 'visual.deleted', label: 'Visual deleted' },
  { value: 'book.visuals_reordered', label: 'Visuals reordered' },
  { value: 'coupon.added', label: 'Coupon added' },
  { value: 'coupon.updated', label: 'Coupon changed' },
  { value: 'coupon.ended', label: 'Coupon ended' },
  { value: 'plan.updated', label: 'Plan edited' },
  { value: 'message.marked', label: 'Message marked read or unread' },
  { value: 'affiliate.decided', label: 'Affiliate approved or rejected' },
  { value: 'affiliate.paid_out', label: 'Affiliate payout recorded' },
  { value: 'export.downloaded', label: 'Export downloaded' },
];

export function actionLabel(action: string): string {
  return AUDIT_ACTIONS.find((item) => item.value === action)?.label ?? action;
}

/** GET /api/admin/audit: newest first; "Load older" asks for entries before the oldest shown. */
export function useAudit(action: string, entityId: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(action, entityId),
    queryFn: ({ pageParam, signal }) =>
      api
        .get('/api/admin/audit', {
          params: { query: { action: action || undefined, entityId: entityId || undefined, beforeId: pageParam ?? undefined } },
          signal,
        })
        .then((result) => result.entries),
    initialPageParam: null as number | null,
    getNextPageParam: (last: AuditEntry[]) => (last.length < AUDIT_PAGE ? undefined : (last[last.length - 1]?.id ?? undefined)),
    select: (data) => data.pages.flat(),
  });
}
