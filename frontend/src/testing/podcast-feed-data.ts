import type { PodcastFeed } from '@/features/account/api/types';
import type { AdminPodcastFeed } from '@/features/admin/api/podcast-feed';

/** A member's podcast feed: off unless the overrides say otherwise. */
export function makePodcastFeed(overrides: Partial<PodcastFeed> = {}): PodcastFeed {
  return { enabled: false, scope: 'library', createdAt: null, lastFetchedAt: null, ...overrides };
}

/** A member's feed as the back office sees it: off and unused unless the overrides say otherwise. */
export function makeAdminPodcastFeed(overrides: Partial<AdminPodcastFeed> = {}): AdminPodcastFeed {
  return { feed: makePodcastFeed(), warnings: 0, flaggedOn: null, downloads7Days: 0, addresses7Days: 0, userAgents7Days: 0, ...overrides };
}
