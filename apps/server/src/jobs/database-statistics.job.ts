import type { DatabaseHandle } from '@callwise/db/client';
import { analyzeTables, tablesNeedingAnalyze } from '@callwise/db/queries/maintenance';
import { everyMinuteJob } from '../infra/queue.ts';

export const DATABASE_STATISTICS = 'database-statistics';

/**
 * Every minute on the embedded engine, which has no autovacuum (PostgreSQL keeps its own statistics): ANALYZE of
 * the tables that changed enough since their last one, as autovacuum would (decision 032).
 */
export function databaseStatisticsJob(database: DatabaseHandle) {
  return everyMinuteJob(DATABASE_STATISTICS, async () => {
    if (database.kind === 'pglite') await analyzeTables(database.db, await tablesNeedingAnalyze(database.db));
  });
}
