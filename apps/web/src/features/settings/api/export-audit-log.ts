import type { AuditAction } from '@callwise/shared/schemas/audit-log';
import { useMutation } from '@tanstack/react-query';
import { auditLogParams } from '@/features/settings/api/get-audit-log';
import { apiDownload } from '@/lib/api-client';

/** Downloads the audit log as CSV, of one kind of event or all (the server names the file). */
export function exportAuditLog(action: AuditAction | null): Promise<void> {
  const params = auditLogParams(action).toString();
  return apiDownload(`/audit-log/export.csv${params ? `?${params}` : ''}`, 'audit-log.csv');
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog, meta: { errorTitle: 'Error exporting the audit log' } });
}
