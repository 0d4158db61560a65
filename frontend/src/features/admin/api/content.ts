import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, type ContentKind } from './keys';

/**
 * After a podcast, goal, post, insight, collection or visual changes: its list and the audit log
 * are stale, and so is whatever members' pages this browser has cached (the blog, collections,
 * visuals...: refetched when next shown). `item` is the saved item as the server answered it.
 */
export function afterContentChange(queryClient: QueryClient, kind: ContentKind, item?: { id: number }): Promise<unknown> {
  if (item) queryClient.setQueryData(adminKeys.contentItem(kind, item.id), item);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.contentList(kind) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'admin', refetchType: 'none' }),
  ]);
}

/** Whether an id from the address names an item (a positive whole number). */
export function isId(id: number): boolean {
  return Number.isInteger(id) && id > 0;
}
