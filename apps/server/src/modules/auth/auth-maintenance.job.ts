import type { Database } from '@callwise/db/client';
import { pruneAuditEvents } from '@callwise/db/queries/audit-log';
import { pruneMail } from '@callwise/db/queries/mail';
import { pruneRateLimits } from '@callwise/db/queries/rate-limits';
import { pruneOneTimeTokens } from '@callwise/db/queries/sessions';
import { AUDIT_RETENTION_DAYS } from '@callwise/shared/schemas/audit-log';
import { z } from 'zod';
import { defineJob } from '../../infra/queue.ts';

export const AUTH_MAINTENANCE = 'auth-maintenance';

/** Daily: forget finished rate-limit windows, old e-mail links, old local mail and audit events past a year. */
export function authMaintenanceJob(db: Database) {
  return defineJob({
    name: AUTH_MAINTENANCE,
    schema: z.object({}).passthrough(),
    cron: '17 3 * * *',
    handler: async () => {
      await pruneRateLimits(db, 86_400);
      await pruneOneTimeTokens(db);
      await pruneMail(db);
      await pruneAuditEvents(db, AUDIT_RETENTION_DAYS);
    },
  });
}
