import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** Downloads every row an import could not take, with its line number and the reason, as CSV. */
export function downloadImportErrors(importId: string): Promise<void> {
  return apiDownload(`/contacts/imports/${importId}/errors.csv`, 'import-problems.csv');
}

export function useDownloadImportErrors() {
  return useMutation({
    mutationFn: downloadImportErrors,
    meta: { errorTitle: 'Error downloading problem rows' },
  });
}
