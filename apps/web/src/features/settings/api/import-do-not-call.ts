import {
  type DoNotCallImportResult,
  doNotCallImportResultSchema,
} from '@callwise/shared/schemas/do-not-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { doNotCallQueryKey } from '@/features/settings/api/get-do-not-call';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Lists every number of a CSV file at once. */
export function importDoNotCall(csv: string): Promise<DoNotCallImportResult> {
  return api.post('/do-not-call/import', { csv }, doNotCallImportResultSchema);
}

export function useImportDoNotCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDoNotCall,
    meta: { errorTitle: 'Error importing numbers' },
    onSuccess: async (result) => {
      if (result.canceled_calls > 0) await queryClient.invalidateQueries({ queryKey: callsQueryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: doNotCallQueryKey }),
  });
}
