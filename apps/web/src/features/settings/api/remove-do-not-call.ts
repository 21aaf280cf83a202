import { formatPhone } from '@callwise/shared/phone';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { type DoNotCallPage, doNotCallQueryKey } from '@/features/settings/api/get-do-not-call';
import { api } from '@/lib/api-client';

export function removeDoNotCall(id: string): Promise<null> {
  return api.delete(`/do-not-call/${id}`, z.null());
}

/** Takes a number off the list: its row goes at once (optimistic) and comes back, with an error toast, on failure. */
export function useRemoveDoNotCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; phone: string }) => removeDoNotCall(id),
    meta: { errorTitle: 'Error removing the number' },
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: doNotCallQueryKey });
      const previous = queryClient.getQueriesData<InfiniteData<DoNotCallPage>>({
        queryKey: doNotCallQueryKey,
      });
      queryClient.setQueriesData<InfiniteData<DoNotCallPage>>({ queryKey: doNotCallQueryKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.filter((item) => item.id !== id),
              })),
            }
          : data,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.previous ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSuccess: (_data, { phone }) => {
      toast.success('Number removed', { description: `${formatPhone(phone)} may be called again.` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: doNotCallQueryKey }),
  });
}
