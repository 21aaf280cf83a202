import { type CallAttempt, callAttemptListSchema } from '@callwise/shared/schemas/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Each try of a call at the carrier, oldest first. */
export function getCallAttempts(id: string, signal?: AbortSignal): Promise<CallAttempt[]> {
  return api.get(`/calls/${id}/attempts`, callAttemptListSchema, signal).then((list) => list.data);
}

/** The attempts of a call that has been placed at least once (a call's own changes refresh them). */
export function useCallAttempts(id: string, attempts: number, status: string) {
  return useQuery({
    queryKey: [...callsQueryKey, 'attempts', id, attempts, status],
    queryFn: ({ signal }) => getCallAttempts(id, signal),
    enabled: attempts > 0,
    meta: { errorTitle: 'Error fetching call attempts' },
  });
}
