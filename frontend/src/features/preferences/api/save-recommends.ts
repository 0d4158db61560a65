import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RecommendsRequest, RecommendsResult, SessionResponse } from '@/lib/api/types';
import { accountKeys } from '@/lib/auth/account-api';
import { sessionKeys } from '@/lib/auth/session-api';
import { catalogueKeys } from '@/lib/catalogue/query-keys';

/** PUT /api/user/recommends */
export function saveRecommends(body: RecommendsRequest): Promise<RecommendsResult> {
  return api.put('/api/user/recommends', { body });
}

/** Saves the picks and refreshes what depends on them (the member, the home recommendations). */
export function useSaveRecommends() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecommends,
    onSuccess: (result) => {
      if (result?.user) {
        queryClient.setQueryData(accountKeys.detail(), { user: result.user });
        queryClient.setQueryData<SessionResponse>(sessionKeys.current(), (old) => (old ? { ...old, user: result.user } : old));
      }
      // The home page must not decide on cached data from before the picks.
      queryClient.removeQueries({ queryKey: catalogueKeys.home() });
    },
  });
}
