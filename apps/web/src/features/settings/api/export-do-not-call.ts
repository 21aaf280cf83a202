import { useMutation } from '@tanstack/react-query';
import { searchParams } from '@/features/settings/api/get-do-not-call';
import { apiDownload } from '@/lib/api-client';

/** Downloads the listed numbers matching the search as CSV (the server names the file). */
export function exportDoNotCall(q: string): Promise<void> {
  const params = searchParams(q).toString();
  return apiDownload(`/do-not-call/export${params ? `?${params}` : ''}`, 'do-not-call.csv');
}

export function useExportDoNotCall() {
  return useMutation({ mutationFn: exportDoNotCall, meta: { errorTitle: 'Error exporting the list' } });
}
