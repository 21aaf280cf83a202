import {
  type ContactImport,
  type CreateContactImportInput,
  contactImportSchema,
} from '@callwise/shared/schemas/contact-imports';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Sends a CSV file and its column mapping; the server imports it in the background (202). */
export function createContactImport(input: CreateContactImportInput): Promise<ContactImport> {
  return api.post('/contacts/imports', input, contactImportSchema);
}

export function useCreateContactImport() {
  return useMutation({ mutationFn: createContactImport, meta: { errorTitle: 'Error importing contacts' } });
}
