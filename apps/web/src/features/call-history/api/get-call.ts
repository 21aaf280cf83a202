import { type Call, callSchema } from '@callwise/shared/schemas/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** One call, everything about it. */
export function getCall(id: string, signal?: AbortSignal): Promise<Call> {
  return api.get(`/calls/${id}`, callSchema, signal);
}

export const callQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...callsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getCall(id, signal),
    meta: { errorTitle: 'Error fetching call history' },
  });

/** The call, fresh from the server; the list's copy shows meanwhile. */
export function useCall(call: Call) {
  return useQuery({ ...callQueryOptions(call.id), placeholderData: call });
}
