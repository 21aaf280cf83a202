import type { AuditAction } from '@callwise/shared/schemas/audit-log';
import type { FastifyRequest } from 'fastify';

/** One thing a request did, for the account's audit log. */
export interface AuditEntry {
  action: AuditAction;
  /** What was done, in a sentence the audit log shows (e.g. "Created the API key “Zapier”"). */
  summary: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  /** Who did it, when the request has no `auth` (a sign-in): the user it signed in. */
  actor?: { accountId: string; userId: string; email: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What this request did, written to the audit log with its answer (see `audit`). */
    auditEntries: AuditEntry[] | null;
  }
}

/** Notes what the request did; it is written to the audit log before a successful answer leaves. */
export function audit(request: FastifyRequest, entry: AuditEntry): void {
  // `??=`: an instance without the audit plugin (a route tested on its own) has no such property at all.
  request.auditEntries ??= [];
  request.auditEntries.push(entry);
}
