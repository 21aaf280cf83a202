import { type Contact, contactSchema, type UpdateContactInput } from '@callwise/shared/schemas/contacts';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ContactsPage,
  contactListsQueryKey,
  contactsQueryKey,
} from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';

/** Changes some fields of a contact; answers the whole contact. */
export function updateContact({
  id,
  changes,
}: {
  id: string;
  changes: UpdateContactInput;
}): Promise<Contact> {
  return api.patch(`/contacts/${id}`, changes, contactSchema);
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    meta: { errorTitle: 'Error updating contact' },
    onSuccess: (contact) => {
      // The card changes at once in every loaded list; the lists are then asked again, since the contact
      // may no longer match their search or tag.
      queryClient.setQueriesData<InfiniteData<ContactsPage>>({ queryKey: contactListsQueryKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((item) => (item.id === contact.id ? contact : item)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
