import { type Me, meSchema } from '@callwise/shared/schemas/me';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/query-keys';

/** The signed-in user, their business, their role in it and their notification switches. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get('/me', meSchema, signal);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    meta: { errorTitle: 'Error loading settings' },
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
