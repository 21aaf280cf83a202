import { pageSchema } from '@callwise/shared/schemas/pagination';
import { scriptSchema } from '@callwise/shared/schemas/scripts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const scriptsPageSchema = pageSchema(scriptSchema);

const PICKER_SIZE = 8;

/** The scripts whose title or content match, newest first. */
export function searchScripts(q: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PICKER_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  return api.get(`/scripts?${params}`, scriptsPageSchema, signal);
}

// Under the scripts key, so that a change to any script refreshes the picker too.
export const scriptSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['scripts', 'picker', q.trim()],
    queryFn: ({ signal }) => searchScripts(q, signal),
    meta: { errorTitle: 'Error loading scripts' },
  });

export function useScriptSearch(q: string, enabled: boolean) {
  return useQuery({ ...scriptSearchQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
