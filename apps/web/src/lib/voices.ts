import { voiceListSchema } from '@callwise/shared/schemas/voices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The six voices, whether the account's plan may use each, and the speech engine in use (every voice picker). */
export function getVoices(signal?: AbortSignal) {
  return api.get('/voices', voiceListSchema, signal);
}

export const voicesQueryOptions = () =>
  queryOptions({
    queryKey: ['voices'],
    queryFn: ({ signal }) => getVoices(signal),
    staleTime: 5 * 60_000,
    meta: { errorTitle: 'Error loading voices' },
  });

export function useVoices() {
  return useQuery(voicesQueryOptions());
}
