import { type SQL, sql } from 'drizzle-orm';
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

/** The table's name, to put into SQL as is: only one of the maintained tables. */
function maintained(table: MaintainedTable): string {
  if (!TABLES.includes(table)) throw new Error(`not a maintained table: ${table}`);
  return table;
}

/**
 * Reclaims dead rows, flushes GIN pending lists and refreshes planner statistics. PostgreSQL's autovacuum does
 * this by itself; the embedded engine runs single-user with no autovacuum, so the hourly maintenance runs it
 * there (on the tables that need it: `tablesNeedingVacuum`).
 */
export async function vacuumAnalyze(
  db: Database,
  tables: readonly MaintainedTable[] = TABLES,
): Promise<void> {
  for (const table of tables) await db.execute(sql.raw(`VACUUM (ANALYZE) ${maintained(table)}`));
}

/**
 * Quick planner statistics after a bulk insert, from a sample of 3,000 rows (a tenth of the default): what the
 * lists need at once, in about a tenth of the time. A full ANALYZE of 100,000 contacts held the embedded engine
 * (and every request) for 0.3 s; a VACUUM (ANALYZE) longer still. The hourly maintenance does the full one.
 */
export async function quickAnalyze(db: Database, tables: readonly MaintainedTable[]): Promise<void> {
  for (const table of tables) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL default_statistics_target = 10`);
      await tx.execute(sql.raw(`ANALYZE ${maintained(table)}`));
    });
  }
}

/** Autovacuum's analyze threshold: changes since the last ANALYZE over 50 + 10 % of the live rows. */
const ANALYZE_DUE = sql`n_mod_since_analyze > 50 + 0.1 * n_live_tup`;

/** The tables of the current schema whose statistics (`pg_stat_user_tables`) meet `condition`, by name. */
async function tablesWhere(db: Database, condition: SQL): Promise<string[]> {
  // This connection's latest changes are counted before the statistics are read.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const result = await db.execute<{ relname: string }>(sql`
    SELECT relname FROM pg_stat_user_tables
    WHERE schemaname = current_schema() AND ${condition}
    ORDER BY relname`);
  return (result as unknown as { rows: Array<{ relname: string }> }).rows.map((row) => row.relname);
}

/**
 * The maintained tables that changed enough since their last VACUUM or ANALYZE to need one, by autovacuum's
 * default thresholds (dead rows over 50 + 20 %, inserts over 1,000 + 20 %, changes since ANALYZE over 50 + 10 %
 * of the live rows), and those never vacuumed as far as the statistics know (the embedded engine forgets its
 * statistics when it restarts). On the embedded engine a VACUUM holds up every request while it runs, so the
 * hourly maintenance leaves alone what has not changed.
 */
export async function tablesNeedingVacuum(db: Database): Promise<MaintainedTable[]> {
  const names = await tablesWhere(
    db,
    sql`relname IN (${sql.join(
      TABLES.map((table) => sql`${table}`),
      sql`, `,
    )})
      AND (coalesce(last_vacuum, last_autovacuum) IS NULL
        OR n_dead_tup > 50 + 0.2 * n_live_tup
        OR n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
        OR ${ANALYZE_DUE})`,
  );
  return TABLES.filter((table) => names.includes(table));
}

/**
 * Every table of the schema whose rows changed enough since its last ANALYZE to need one, by autovacuum's analyze
 * threshold. The embedded engine has no autovacuum, and a plan made on statistics from when a table was empty can
 * cost hundreds of milliseconds: the follow-up texts' scan walked every text of the account for each call it
 * checked (287 ms on a million calls) until `messages` was analyzed (14 ms).
 */
export async function tablesNeedingAnalyze(db: Database): Promise<string[]> {
  return tablesWhere(db, ANALYZE_DUE);
}

/** ANALYZE of each table named (tables of the current schema, as `tablesNeedingAnalyze` gives them). */
export async function analyzeTables(db: Database, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
}
