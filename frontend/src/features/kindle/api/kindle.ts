import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { KindleSentResult, KindleSetting, SetKindleRequest, SetKindleResult } from './types';

export const kindleKeys = {
  all: ['kindle'] as const,
  setting: () => [...kindleKeys.all, 'setting'] as const,
};

/** GET /api/kindle/has-kindle: the member's Kindle address (or null) and the domains offered. */
export function getKindle(options?: { signal?: AbortSignal }): Promise<KindleSetting> {
  return api.get('/api/kindle/has-kindle', { signal: options?.signal });
}

export function useKindle() {
  return useQuery(queryOptions({ queryKey: kindleKeys.setting(), queryFn: ({ signal }) => getKindle({ signal }) }));
}

/** POST /api/kindle/set-kindle {kindle_email, kindle_email_end}: 'Please complete the form.' without a name. */
export function setKindle(body: SetKindleRequest): Promise<SetKindleResult> {
  return api.post('/api/kindle/set-kindle', { body });
}

export function useSetKindle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['kindle', 'set'],
    mutationFn: setKindle,
    onSuccess: ({ kindleEmail }) => {
      queryClient.setQueryData<KindleSetting>(kindleKeys.setting(), (current) => current && { ...current, kindleEmail });
    },
  });
}

/** POST /api/kindle/send/{bookId}: the summary goes to the member's Kindle (paid members, 20 a day). */
export function sendToKindle(bookId: string): Promise<KindleSentResult> {
  return api.post('/api/kindle/send/{bookId}', { params: { path: { bookId } } });
}

export function useSendToKindle() {
  return useMutation({ mutationKey: ['kindle', 'send'], mutationFn: sendToKindle });
}
