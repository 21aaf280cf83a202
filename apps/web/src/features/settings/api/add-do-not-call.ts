import {
  type AddedDoNotCallEntry,
  addedDoNotCallEntrySchema,
  type CreateDoNotCallInput,
} from '@callwise/shared/schemas/do-not-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { doNotCallQueryKey } from '@/features/settings/api/get-do-not-call';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Lists a number; the answer says whether it was listed already and how many waiting calls were cancelled. */
export function addDoNotCall(input: CreateDoNotCallInput): Promise<AddedDoNotCallEntry> {
  return api.post('/do-not-call', input, addedDoNotCallEntrySchema);
}

/** Adds a number: the form shows a refused number under its field (no toast for that). */
export function useAddDoNotCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDoNotCall,
    meta: { silentErrors: true },
    onSuccess: async (entry) => {
      if (entry.canceled_calls > 0) await queryClient.invalidateQueries({ queryKey: callsQueryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: doNotCallQueryKey }),
  });
}
