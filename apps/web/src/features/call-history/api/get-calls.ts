import { callSchema } from '@callwise/shared/schemas/calls';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type CallFilters, callFilterKey, callFilterParams } from '@/features/call-history/api/call-filters';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

const callsPageSchema = pageSchema(callSchema);

export const CALLS_PAGE_SIZE = 50;

/** One page of the call history, newest first (cursor pagination: as fast on page 2,000 as on page 1). */
export function getCalls(filters: CallFilters, cursor: string | null, signal?: AbortSignal) {
  const params = callFilterParams(filters);
  params.set('limit', String(CALLS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api.get(`/calls?${params}`, callsPageSchema, signal);
}

export const callsQueryOptions = (filters: CallFilters) =>
  infiniteQueryOptions({
    queryKey: [...callsQueryKey, 'list', callFilterKey(filters)],
    queryFn: ({ pageParam, signal }) => getCalls(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error fetching call history' },
  });

export function useCalls(filters: CallFilters) {
  return useInfiniteQuery({ ...callsQueryOptions(filters), placeholderData: keepPreviousData });
}
