import type { DatabaseHandle } from '@callwise/db/client';
import { tablesNeedingVacuum, vacuumAnalyze } from '@callwise/db/queries/maintenance';
import { z } from 'zod';
import { defineJob } from '../infra/queue.ts';

export const DATABASE_MAINTENANCE = 'database-maintenance';

/**
 * Hourly VACUUM ANALYZE on the embedded engine, which has no autovacuum (PostgreSQL runs its own), of the tables
 * that changed enough to need it.
 */
export function databaseMaintenanceJob(database: DatabaseHandle) {
  return defineJob({
    name: DATABASE_MAINTENANCE,
    schema: z.object({}).passthrough(),
    cron: '23 * * * *',
    handler: async () => {
      if (database.kind === 'pglite')
        await vacuumAnalyze(database.db, await tablesNeedingVacuum(database.db));
    },
  });
}
