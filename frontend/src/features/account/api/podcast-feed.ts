import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PodcastFeed, PodcastFeedAddress, PodcastFeedScope } from './types';

export const podcastFeedKeys = {
  all: ['account', 'podcast-feed'] as const,
  status: () => [...podcastFeedKeys.all, 'status'] as const,
};

/** GET /api/user/podcast-feed: on or off, what it holds, when made and last read by an app. */
export function getPodcastFeed(options?: { signal?: AbortSignal }): Promise<PodcastFeed> {
  return api.get('/api/user/podcast-feed', { signal: options?.signal });
}

export const podcastFeedQueryOptions = () =>
  queryOptions({
    queryKey: podcastFeedKeys.status(),
    queryFn: ({ signal }) => getPodcastFeed({ signal }),
  });

export function usePodcastFeed() {
  return useQuery(podcastFeedQueryOptions());
}

/** POST /api/user/podcast-feed: turns the feed on, or gives it a new address (the old one stops at once). */
export function newPodcastFeedAddress(): Promise<PodcastFeedAddress> {
  return api.post('/api/user/podcast-feed', {});
}

/** PUT /api/user/podcast-feed/settings {scope}: 404 `no_feed` when the feed is off. */
export function savePodcastFeedScope(scope: PodcastFeedScope): Promise<PodcastFeed> {
  return api.put('/api/user/podcast-feed/settings', { body: { scope } });
}

/** DELETE /api/user/podcast-feed: turns the feed off (its address stops at once). */
export function turnOffPodcastFeed(): Promise<PodcastFeed> {
  return api.delete('/api/user/podcast-feed', {});
}

/** Each change answers the feed as it now is: that becomes the cached status. */
function useFeedMutation<T, R>(name: string, mutationFn: (variables: T) => Promise<R>, feedOf: (result: R) => PodcastFeed) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...podcastFeedKeys.all, name],
    mutationFn,
    onSuccess: (result) => queryClient.setQueryData(podcastFeedKeys.status(), feedOf(result)),
  });
}

export function useNewPodcastFeedAddress() {
  return useFeedMutation('address', newPodcastFeedAddress, (result) => result.feed);
}

export function useSavePodcastFeedScope() {
  return useFeedMutation('scope', savePodcastFeedScope, (feed) => feed);
}

export function useTurnOffPodcastFeed() {
  return useFeedMutation('off', turnOffPodcastFeed, (feed) => feed);
}
