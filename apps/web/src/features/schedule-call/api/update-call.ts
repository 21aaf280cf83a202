import { type Call, callSchema, type UpdateCallInput } from '@callwise/shared/schemas/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Changes a call that has not gone out (`PATCH /v1/calls/{id}`); 409 once a dispatcher has it. */
export function updateCall({ id, input }: { id: string; input: UpdateCallInput }): Promise<Call> {
  return api.patch(`/calls/${encodeURIComponent(id)}`, input, callSchema);
}

export function useUpdateCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCall,
    // The form shows its own toast and puts the problems under the fields.
    meta: { silentErrors: true },
    // The dashboard is refreshed by the query client after every successful mutation.
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
