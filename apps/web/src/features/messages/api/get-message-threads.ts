import { messageThreadListSchema } from '@callwise/shared/schemas/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every messages query (the conversations, each conversation's texts) starts with this key. */
export const messagesQueryKey = ['messages'] as const;

export const THREADS_PAGE_SIZE = 30;

/** One page of the account's conversations (one per other party's number), the latest conversation first. */
export function getMessageThreads(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(THREADS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/messages/threads?${params}`, messageThreadListSchema, signal);
}

export const messageThreadsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...messagesQueryKey, 'threads'],
    queryFn: ({ pageParam, signal }) => getMessageThreads(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error loading messages' },
  });

export function useMessageThreads() {
  return useInfiniteQuery(messageThreadsQueryOptions());
}
