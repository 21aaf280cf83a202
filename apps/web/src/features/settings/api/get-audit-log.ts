import { type AuditAction, auditEventListSchema } from '@callwise/shared/schemas/audit-log';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AuditLogPage = ReturnType<typeof auditEventListSchema.parse>;

/** Events per page of the audit log. */
export const AUDIT_LOG_PAGE_SIZE = 25;

/** `?action=` of the list and of the CSV export, when one kind of event is chosen. */
export function auditLogParams(action: AuditAction | null): URLSearchParams {
  const params = new URLSearchParams();
  if (action) params.set('action', action);
  return params;
}

/** One page of the account's audit log (of one kind of event, or all), newest first. */
export function getAuditLog(action: AuditAction | null, cursor: string | null, signal?: AbortSignal) {
  const params = auditLogParams(action);
  params.set('limit', String(AUDIT_LOG_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api.get(`/audit-log?${params}`, auditEventListSchema, signal);
}

/** Every audit log query starts with this key. */
export const auditLogQueryKey = ['audit-log'] as const;

export const auditLogQueryOptions = (action: AuditAction | null) =>
  infiniteQueryOptions({
    queryKey: [...auditLogQueryKey, { action }],
    queryFn: ({ pageParam, signal }) => getAuditLog(action, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Events are written by everything else (sign-ins, keys, rules, exports): asked again each time it is opened.
    staleTime: 0,
    meta: { errorTitle: 'Error loading the audit log' },
  });

/** The account's audit log, of one kind of event or all, a page at a time. */
export function useAuditLog(action: AuditAction | null) {
  return useInfiniteQuery(auditLogQueryOptions(action));
}
