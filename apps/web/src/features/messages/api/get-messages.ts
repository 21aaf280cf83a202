import type { Message } from '@callwise/shared/schemas/messages';
import { messageListSchema } from '@callwise/shared/schemas/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { messagesQueryKey } from '@/features/messages/api/get-message-threads';
import { api } from '@/lib/api-client';

export const MESSAGES_PAGE_SIZE = 50;

/** Statuses an outbound text leaves by itself (the carrier's reports): the conversation is checked again meanwhile. */
const IN_FLIGHT: ReadonlySet<Message['status']> = new Set(['queued', 'sending', 'sent']);
/** How often a conversation with a text in flight is fetched again, should a live update be missed. */
const IN_FLIGHT_REFETCH_MS = 5_000;

/** One page of the conversation with a number, newest first (the thread shows them oldest at the top). */
export function getMessages(phone: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ phone, limit: String(MESSAGES_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/messages?${params}`, messageListSchema, signal);
}

export const messagesQueryOptions = (phone: string) =>
  infiniteQueryOptions({
    queryKey: [...messagesQueryKey, 'conversation', phone],
    queryFn: ({ pageParam, signal }) => getMessages(phone, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error loading the conversation' },
  });

/** The texts with one number, a page at a time; `null` for none chosen. */
export function useMessages(phone: string | null) {
  return useInfiniteQuery({
    ...messagesQueryOptions(phone ?? ''),
    enabled: phone !== null,
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.data.some(
        (message) => message.direction === 'outbound' && IN_FLIGHT.has(message.status),
      )
        ? IN_FLIGHT_REFETCH_MS
        : false,
  });
}
