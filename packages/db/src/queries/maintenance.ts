import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

const TABLES = [
  'contacts',
  'calls',
  'scripts',
  'contact_imports',
  'auth_sessions',
  'refresh_tokens',
] as const;
export type MaintainedTable = (typeof TABLES)[number];

/**
 * Reclaims dead rows, flushes GIN pending lists and refreshes planner statistics. PostgreSQL's autovacuum does
 * this by itself; the embedded engine runs single-user with no autovacuum, so we run it after bulk writes and
 * on a schedule.
 */
export async function vacuumAnalyze(
  db: Database,
  tables: readonly MaintainedTable[] = TABLES,
): Promise<void> {
  for (const table of tables) {
    if (!TABLES.includes(table)) throw new Error(`not a maintained table: ${table}`);
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
}
