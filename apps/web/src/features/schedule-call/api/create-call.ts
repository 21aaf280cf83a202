import { type Call, type CreateCallInput, callSchema } from '@callwise/shared/schemas/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Schedules a call (`scheduled_at` absent: placed now). The server answers with the call, `scheduled` or `queued`. */
export function createCall(input: CreateCallInput): Promise<Call> {
  return api.post('/calls', input, callSchema);
}

export function useCreateCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCall,
    // The form shows the spec's own toast ("Failed to schedule call. Please try again.") and the field problems.
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
