import type { ScriptCategory } from '@callwise/shared/calls';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { scriptSchema } from '@callwise/shared/schemas/scripts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const scriptsPageSchema = pageSchema(scriptSchema);

export const SCRIPTS_PAGE_SIZE = 24;

export interface ScriptFilters {
  /** Searches title and content. */
  q: string;
  category: ScriptCategory | 'all';
}

/** One page of the account's scripts, newest first. */
export function getScripts(filters: ScriptFilters, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(SCRIPTS_PAGE_SIZE) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category !== 'all') params.set('category', filters.category);
  if (cursor) params.set('cursor', cursor);
  return api.get(`/scripts?${params}`, scriptsPageSchema, signal);
}

/** Every scripts query starts with this key: a change to any script refreshes them all. */
export const scriptsQueryKey = ['scripts'] as const;

export const scriptsQueryOptions = (filters: ScriptFilters) =>
  infiniteQueryOptions({
    queryKey: [...scriptsQueryKey, 'list', { q: filters.q.trim(), category: filters.category }],
    queryFn: ({ pageParam, signal }) => getScripts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    meta: { errorTitle: 'Error loading scripts' },
  });

export function useScripts(filters: ScriptFilters) {
  return useInfiniteQuery({ ...scriptsQueryOptions(filters), placeholderData: keepPreviousData });
}
