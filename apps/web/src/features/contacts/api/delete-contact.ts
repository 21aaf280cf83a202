import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type ContactsPage,
  contactListsQueryKey,
  contactsQueryKey,
} from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';

export function deleteContact(id: string): Promise<null> {
  return api.delete(`/contacts/${id}`, z.null());
}

/** Deletes a contact: its card goes at once (optimistic) and comes back, with an error toast, on failure. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    meta: { errorTitle: 'Error deleting contact' },
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: contactListsQueryKey });
      const previous = queryClient.getQueriesData<InfiniteData<ContactsPage>>({
        queryKey: contactListsQueryKey,
      });
      queryClient.setQueriesData<InfiniteData<ContactsPage>>({ queryKey: contactListsQueryKey }, (data) =>
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
    onError: (_error, _id, context) => {
      for (const [queryKey, data] of context?.previous ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
