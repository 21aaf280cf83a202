import {
  type BulkContactsInput,
  type BulkContactsResult,
  bulkContactsResultSchema,
} from '@callwise/shared/schemas/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsQueryKey } from '@/features/contacts/api/get-contacts';
import { api } from '@/lib/api-client';

/** One action on many contacts (by ids or by the list's filters); answers how many changed. */
export function bulkContacts(input: BulkContactsInput): Promise<BulkContactsResult> {
  return api.post('/contacts/bulk', input, bulkContactsResultSchema);
}

/** The bulk action; the lists, counts and tags are asked again afterwards, whatever happened. */
export function useBulkContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkContacts,
    meta: { errorTitle: 'Error updating contacts' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
