import { useMutation } from '@tanstack/react-query';
import { type CallFilters, callFilterParams } from '@/features/call-history/api/call-filters';
import { apiDownload } from '@/lib/api-client';

/** Saves the calls the filters select as a CSV file (all of them, not just the pages on screen). */
export function exportCalls(filters: CallFilters): Promise<void> {
  const params = callFilterParams(filters);
  return apiDownload(`/calls/export.csv${params.size > 0 ? `?${params}` : ''}`, 'calls.csv');
}

export function useExportCalls() {
  return useMutation({ mutationFn: exportCalls, meta: { errorTitle: 'Error exporting call history' } });
}
