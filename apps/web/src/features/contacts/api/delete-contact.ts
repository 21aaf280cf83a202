import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { contactListsQueryKey, contactsQueryKey } from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';
import { optimisticRemoval } from '@/lib/optimistic-removal';

export function deleteContact(id: string): Promise<null> {
  return api.delete(`/contacts/${id}`, z.null());
}

/** Deletes a contact: its card goes at once (optimistic) and comes back, with an error toast, on failure. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    meta: { errorTitle: 'Error deleting contact' },
    ...optimisticRemoval(queryClient, contactListsQueryKey, (id: string) => id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
