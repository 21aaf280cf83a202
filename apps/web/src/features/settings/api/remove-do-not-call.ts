import { formatPhone } from '@callwise/shared/phone';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { doNotCallQueryKey } from '@/features/settings/api/get-do-not-call';
import { api } from '@/lib/api-client';
import { optimisticRemoval } from '@/lib/optimistic-removal';

export function removeDoNotCall(id: string): Promise<null> {
  return api.delete(`/do-not-call/${id}`, z.null());
}

/** Takes a number off the list: its row goes at once (optimistic) and comes back, with an error toast, on failure. */
export function useRemoveDoNotCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; phone: string }) => removeDoNotCall(id),
    meta: { errorTitle: 'Error removing the number' },
    ...optimisticRemoval(queryClient, doNotCallQueryKey, ({ id }: { id: string; phone: string }) => id),
    onSuccess: (_data, { phone }) => {
      toast.success('Number removed', { description: `${formatPhone(phone)} may be called again.` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: doNotCallQueryKey }),
  });
}
