import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { adminKeys } from './keys';

/** A member's podcast feed as the back office sees it: on or off, and its use over the last 7 days. */
export type AdminPodcastFeed = components['schemas']['AdminPodcastFeedView'];

/** Under the member's own key: refreshing the member refreshes this too. */
export const adminPodcastFeedKey = (userId: number) => [...adminKeys.user(userId), 'podcast-feed'] as const;

/** GET /api/admin/user/{userId}/podcast-feed */
export function getAdminPodcastFeed(userId: number, signal?: AbortSignal): Promise<AdminPodcastFeed> {
  return api.get('/api/admin/user/{userId}/podcast-feed', { params: { path: { userId } }, signal });
}

export function useAdminPodcastFeed(userId: number) {
  return useQuery({
    queryKey: adminPodcastFeedKey(userId),
    queryFn: ({ signal }) => getAdminPodcastFeed(userId, signal),
    enabled: Number.isFinite(userId) && userId > 0,
  });
}
