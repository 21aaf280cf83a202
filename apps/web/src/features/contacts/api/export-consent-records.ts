import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/**
 * Downloads the consent records as CSV: one contact's with `contactId`, else the whole account's (the server
 * names the file).
 */
export function exportConsentRecords(contactId?: string): Promise<void> {
  const params = contactId ? `?${new URLSearchParams({ contact_id: contactId })}` : '';
  return apiDownload(`/consent-records/export.csv${params}`, 'consent-records.csv');
}

export function useExportConsentRecords() {
  return useMutation({
    mutationFn: exportConsentRecords,
    meta: { errorTitle: 'Error exporting consent records' },
  });
}
