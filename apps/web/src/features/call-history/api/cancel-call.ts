import { type Call, callSchema } from '@callwise/shared/schemas/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Cancels a call that has not been placed yet (scheduled or queued); 409 once it is on its way. */
export function cancelCall(id: string): Promise<Call> {
  return api.post(`/calls/${encodeURIComponent(id)}/cancel`, {}, callSchema);
}

export function useCancelCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCall,
    meta: { errorTitle: 'Error cancelling call' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
