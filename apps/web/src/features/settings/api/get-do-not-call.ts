import { doNotCallEntrySchema } from '@callwise/shared/schemas/do-not-call';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const doNotCallPageSchema = pageSchema(doNotCallEntrySchema);
export type DoNotCallPage = ReturnType<typeof doNotCallPageSchema.parse>;

export const DO_NOT_CALL_PAGE_SIZE = 20;

/** `?q=` of the list and of the CSV export, when there is a search. */
export function searchParams(q: string): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  return params;
}

/** One page of the account's do-not-call list, newest first. */
export function getDoNotCall(q: string, cursor: string | null, signal?: AbortSignal) {
  const params = searchParams(q);
  params.set('limit', String(DO_NOT_CALL_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api.get(`/do-not-call?${params}`, doNotCallPageSchema, signal);
}

/** Every do-not-call list query starts with this key: a change to the list refreshes them all. */
export const doNotCallQueryKey = ['do-not-call'] as const;

export const doNotCallQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...doNotCallQueryKey, { q: q.trim() }],
    queryFn: ({ pageParam, signal }) => getDoNotCall(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error loading the do-not-call list' },
  });

/** The listed numbers matching the search, a page at a time; the previous list stays on screen while typing. */
export function useDoNotCall(q: string) {
  return useInfiniteQuery({ ...doNotCallQueryOptions(q), placeholderData: keepPreviousData });
}
