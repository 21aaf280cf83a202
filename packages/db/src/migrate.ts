import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';

const require = createRequire(import.meta.url);

/** The folder of SQL migrations, found through the package so it works from source and from a bundle. */
export const migrationsFolder = path.join(
  path.dirname(require.resolve('@callwise/db/package.json')),
  'migrations',
);

const MIGRATION_LOCK_KEY = 7_342_118_001;

/** Applies every pending migration. On PostgreSQL an advisory lock lets only one process migrate at a time. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!handle.pool) throw new Error('A PostgreSQL handle needs its pool to migrate');
  // A session-level lock on one dedicated connection: other processes wait here until we are done.
  const lockClient = await handle.pool.connect();
  try {
    await lockClient.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await lockClient.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => undefined);
    lockClient.release();
  }
}

/** How many migrations the code ships. */
export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** True when the database answers and every migration the code ships has been applied. */
export async function migrationsApplied(handle: DatabaseHandle): Promise<boolean> {
  const { rows } = await handle.executeSql(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0) >= expectedMigrationCount();
}
