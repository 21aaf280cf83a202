import type { Database } from '@callwise/db/client';
import { purgeIdempotencyKeys } from '@callwise/db/queries/idempotency';
import { z } from 'zod';
import { defineJob } from '../../infra/queue.ts';

export const API_MAINTENANCE = 'api-maintenance';

/** Hourly: forgets Idempotency-Keys (and their stored answers) whose 24 hours are over. */
export function apiMaintenanceJob(db: Database) {
  return defineJob({
    name: API_MAINTENANCE,
    schema: z.object({}).passthrough(),
    cron: '41 * * * *',
    handler: async () => {
      await purgeIdempotencyKeys(db);
    },
  });
}
