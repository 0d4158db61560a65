import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminMessage, AdminMessagesPage } from './types';
import { adminKeys } from './keys';

/** Messages per page (newest first); 'Load More' asks for the next ones. */
export const MESSAGES_PAGE = 50;

export type MessageFilter = 'all' | 'unread';
export type MessageKind = AdminMessage['kind'];

export const KIND_LABELS: Record<MessageKind, string> = {
  contact: 'Contact',
  suggest: 'Book suggestion',
  feedback: 'Feedback',
};

/** GET /api/admin/messages?start=&filter=: 50 messages from `start` (an offset), newest first, with the counts. */
export function getMessages(start: number, filter: MessageFilter, signal?: AbortSignal): Promise<AdminMessagesPage> {
  return api.get('/api/admin/messages', { params: { query: { start, filter } }, signal });
}

/**
 * Where the next page starts. Among all messages an offset only moves with new ones; among the
 * unread, a message marked read here has left the server's list, so only those still unread count.
 */
export function nextStart(pages: AdminMessagesPage[], filter: MessageFilter): number {
  const loaded = pages.flatMap((page) => page.messages);
  return filter === 'unread' ? loaded.filter((message) => !message.read).length : loaded.length;
}

/** Pages merged in order, each message once (a message that arrived meanwhile shifts the pages). */
export function mergeMessages(pages: AdminMessagesPage[]): AdminMessage[] {
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.messages)
    .filter((message) => {
      if (seen.has(message.id)) return false;
      seen.add(message.id);
      return true;
    });
}

/** The messages of a filter: 'Load More' fetches the next 50 and merges them; the newest page's counts. */
export function useMessages(filter: MessageFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.messages(filter),
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, filter, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      if (last.messages.length < MESSAGES_PAGE) return undefined;
      const start = nextStart(pages, filter);
      return start < last.total ? start : undefined;
    },
    select: (data) => {
      const last = data.pages.at(-1);
      return { messages: mergeMessages(data.pages), total: last?.total ?? 0, unread: last?.unread ?? 0 };
    },
  });
}

/** A cached list with `message` as the server now has it, and the unread count moved by `change`. */
function patch(data: InfiniteData<AdminMessagesPage, number> | undefined, message: AdminMessage, change: number) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread: Math.max(0, page.unread + change),
      messages: page.messages.map((item) => (item.id === message.id ? message : item)),
    })),
  };
}

/**
 * PUT /api/admin/messages/{id} {read}. The row changes where it is (an unread list does not drop a
 * message under the admin's pointer); every cached list is then stale and fetched again when shown.
 */
export function useMarkMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) => api.put('/api/admin/messages/{id}', { params: { path: { id } }, body: { read } }),
    onSuccess: (message: AdminMessage) => {
      const change = message.read ? -1 : 1;
      for (const [key, before] of queryClient.getQueriesData<InfiniteData<AdminMessagesPage, number>>({ queryKey: adminKeys.messagesAll() })) {
        const known = before?.pages.flatMap((page) => page.messages).find((item) => item.id === message.id);
        // The unread count moves unless this list already had the message in its new state.
        queryClient.setQueryData(key, patch(before, message, known?.read === message.read ? 0 : change));
      }
      return queryClient.invalidateQueries({ queryKey: adminKeys.messagesAll(), refetchType: 'none' });
    },
  });
}
