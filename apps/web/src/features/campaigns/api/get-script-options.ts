import { pageSchema } from '@callwise/shared/schemas/pagination';
import { scriptSchema } from '@callwise/shared/schemas/scripts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const scriptsPageSchema = pageSchema(scriptSchema);

/** How many scripts the campaign form offers: the newest, as many as one page may hold. */
export const SCRIPT_OPTIONS_SIZE = 100;

/** The account's newest scripts, for the campaign's script choice. */
export function getScriptOptions(signal?: AbortSignal) {
  return api.get(`/scripts?limit=${SCRIPT_OPTIONS_SIZE}`, scriptsPageSchema, signal);
}

// Under the scripts key, so that a change to any script refreshes the choice too.
export const scriptOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['scripts', 'campaign-options'],
    queryFn: ({ signal }) => getScriptOptions(signal),
    meta: { errorTitle: 'Error loading scripts' },
  });

export function useScriptOptions() {
  return useQuery(scriptOptionsQueryOptions());
}
