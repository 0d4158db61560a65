import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminUser, AdminUserRequest } from './types';
import { adminKeys } from './keys';

/** The members list's page size (spec §9). */
export const USERS_PAGE = 100;

/** A page of the members list and how many members there are in all (matching the search). */
export interface UsersPage {
  users: AdminUser[];
  total: number;
}

/** GET /api/admin/user/{start}?q=: 100 members from `start`, newest first. */
export function getUsers(start: number, q: string, signal?: AbortSignal): Promise<UsersPage> {
  const query = q.trim() ? { q: q.trim() } : undefined;
  return api.get('/api/admin/user/{start}', { params: { path: { start }, query }, signal });
}

/** Pages merged in order, each member once (a member who signed up meanwhile shifts the pages). */
export function mergeUsers(pages: AdminUser[][]): AdminUser[] {
  const seen = new Set<number>();
  const merged: AdminUser[] = [];
  for (const user of pages.flat()) {
    if (seen.has(user.id)) continue;
    seen.add(user.id);
    merged.push(user);
  }
  return merged;
}

/** The members list: 'Load More' asks for the next 100 (start grows by 100) and merges them. */
export function useUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) => getUsers(pageParam, q, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.users.length < USERS_PAGE ? undefined : pages.length * USERS_PAGE),
    select: (data) => ({ users: mergeUsers(data.pages.map((page) => page.users)), total: data.pages.at(-1)?.total ?? 0 }),
  });
}

/** GET /api/admin/user/edit/{userId}: `result.user` is a list; the first item is the member. */
export async function getUser(id: number, signal?: AbortSignal): Promise<AdminUser> {
  const result = await api.get('/api/admin/user/edit/{userId}', { params: { path: { userId: id } }, signal });
  const user = result.user[0];
  if (!user) throw new Error('User not found.');
  return user;
}

export function useUser(id: number) {
  return useQuery({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getUser(id, signal), enabled: Number.isFinite(id) && id > 0 });
}

/** PUT /api/admin/user; then the member is fetched again (spec §4) and the audit log is stale. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserRequest) => api.put('/api/admin/user', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() });
    },
  });
}

/** Fetch the member (and the lists) again after a save. */
export function useRefetchUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] });
}

/** GET /api/plans: the plans a member can be put on. */
export function usePlans() {
  return useQuery({
    queryKey: adminKeys.plans(),
    queryFn: ({ signal }) => api.get('/api/plans', { signal }).then((result) => result.plans),
    staleTime: 5 * 60_000,
  });
}
