import { type Call, callSchema } from '@callwise/shared/schemas/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Marks a call that needs attention handled (it leaves the Needs attention view), or undoes it. */
export function setCallHandled({ id, handled }: { id: string; handled: boolean }): Promise<Call> {
  const path = `/calls/${encodeURIComponent(id)}/handled`;
  return handled ? api.post(path, {}, callSchema) : api.delete(path, callSchema);
}

export function useSetCallHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCallHandled,
    meta: { errorTitle: 'Error updating call' },
    // The dashboard is refreshed by the query client after every successful mutation.
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
