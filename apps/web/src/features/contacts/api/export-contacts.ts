import { useMutation } from '@tanstack/react-query';
import { type ContactFilters, filterParams } from '@/features/contacts/api/get-contacts';
import { apiDownload } from '@/lib/api-client';

/** Downloads every contact matching the filters as CSV (the server names the file). */
export function exportContacts(filters: ContactFilters): Promise<void> {
  const params = filterParams(filters).toString();
  return apiDownload(`/contacts/export.csv${params ? `?${params}` : ''}`, 'contacts.csv');
}

export function useExportContacts() {
  return useMutation({ mutationFn: exportContacts, meta: { errorTitle: 'Error exporting contacts' } });
}
