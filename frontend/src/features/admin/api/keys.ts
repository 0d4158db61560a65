/** Query keys of the back office; every one starts with 'admin' so a change can refresh them all. */
export const adminKeys = {
  all: ['admin'] as const,
  twoFactor: () => [...adminKeys.all, 'two-factor'] as const,
  users: (query: string) => [...adminKeys.all, 'users', 'list', query] as const,
  user: (id: number) => [...adminKeys.all, 'users', 'one', id] as const,
  plans: () => [...adminKeys.all, 'plans'] as const,
  books: (sort: string) => [...adminKeys.all, 'books', 'list', sort] as const,
  booksAll: () => [...adminKeys.all, 'books'] as const,
  book: (id: number) => [...adminKeys.all, 'books', 'one', id] as const,
  stats: (from: string, to: string) => [...adminKeys.all, 'stats', from, to] as const,
  reconcile: () => [...adminKeys.all, 'reconcile'] as const,
  audit: (action: string, entityId: string) => [...adminKeys.all, 'audit', action, entityId] as const,
  auditAll: () => [...adminKeys.all, 'audit'] as const,
  // Back office II: each kind has its list (`[..., kind, 'list']`) and its items (`[..., kind, 'one', id]`).
  content: (kind: ContentKind) => [...adminKeys.all, kind] as const,
  contentList: (kind: ContentKind) => [...adminKeys.all, kind, 'list'] as const,
  contentItem: (kind: ContentKind, id: number) => [...adminKeys.all, kind, 'one', id] as const,
  // Contact, suggest-a-book and feedback messages, one list per filter.
  messagesAll: () => [...adminKeys.all, 'messages'] as const,
  messages: (filter: string) => [...adminKeys.all, 'messages', filter] as const,
  // The affiliate programme's applications and affiliates, one list per filter.
  affiliatesAll: () => [...adminKeys.all, 'affiliates'] as const,
  affiliates: (filter: string) => [...adminKeys.all, 'affiliates', filter] as const,
  // Coupons: the list and each one with its uses (by code).
  couponsAll: () => [...adminKeys.all, 'coupons'] as const,
  coupons: () => [...adminKeys.all, 'coupons', 'list'] as const,
  coupon: (code: string) => [...adminKeys.all, 'coupons', 'one', code] as const,
  // The plans as the back office manages them (`plans()` above is the public GET /api/plans).
  adminPlans: () => [...adminKeys.all, 'admin-plans'] as const,
};

/** The kinds of content the back office manages besides members and books. */
export type ContentKind = 'podcasts' | 'goals' | 'blog' | 'insights' | 'collections' | 'visuals';
