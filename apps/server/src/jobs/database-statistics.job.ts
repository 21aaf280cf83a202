import type { Database } from '@callwise/db/client';
import { analyzeTables, tablesNeedingAnalyze } from '@callwise/db/queries/maintenance';
import { everyMinuteJob } from '../infra/queue.ts';

export const DATABASE_STATISTICS = 'database-statistics';

/**
 * Every minute: ANALYZE of the tables that changed enough since their last one, as autovacuum would (decision
 * 032). Registered on the embedded engine only, which has no autovacuum.
 */
export function databaseStatisticsJob(db: Database) {
  return everyMinuteJob(DATABASE_STATISTICS, async () => {
    await analyzeTables(db, await tablesNeedingAnalyze(db));
  });
}
