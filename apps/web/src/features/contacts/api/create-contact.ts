import { type Contact, type CreateContactInput, contactSchema } from '@callwise/shared/schemas/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsQueryKey } from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';

/** Adds a contact; the server stores the number in E.164 and derives the time zone when none is given. */
export function createContact(input: CreateContactInput): Promise<Contact> {
  return api.post('/contacts', input, contactSchema);
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    meta: { errorTitle: 'Error adding contact' },
    onSuccess: () => {
      // Lists, count and tags all may change; the new card shows once the list has been asked again.
      void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
