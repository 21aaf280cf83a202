import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { accounts } from '../schema.ts';
import { createTestDatabase } from '../testing.ts';
import {
  analyzeTables,
  quickAnalyze,
  tablesNeedingAnalyze,
  tablesNeedingVacuum,
  vacuumAnalyze,
} from './maintenance.ts';

let handle: DatabaseHandle;
let accountId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [account] = await handle.db.insert(accounts).values({ name: 'Maintenance' }).returning();
  accountId = account?.id as string;
});
afterAll(async () => {
  await handle.close();
});

const addScripts = (count: number) =>
  handle.executeSql(
    `INSERT INTO scripts (account_id, title, content)
     SELECT $1, 'Script ' || g, 'Hello {{name}}' FROM generate_series(1, ${count}) AS g`,
    [accountId],
  );

// The embedded engine's maintenance: on PostgreSQL, autovacuum may get to a table between two of these steps.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the hourly maintenance', () => {
  it('vacuums the tables never vacuumed, then only those that changed enough since', async () => {
    expect(await tablesNeedingVacuum(handle.db)).toEqual(
      expect.arrayContaining(['contacts', 'calls', 'scripts']),
    );
    await vacuumAnalyze(handle.db);
    expect(await tablesNeedingVacuum(handle.db)).toEqual([]);

    // A handful of changes is left for later; more than autovacuum's thresholds is not.
    await addScripts(20);
    expect(await tablesNeedingVacuum(handle.db)).toEqual([]);
    await addScripts(200);
    expect(await tablesNeedingVacuum(handle.db)).toEqual(['scripts']);
    await vacuumAnalyze(handle.db, ['scripts']);
    expect(await tablesNeedingVacuum(handle.db)).toEqual([]);

    // Dead rows count too: rewriting every script leaves as many behind.
    await handle.executeSql(`UPDATE scripts SET title = title || ' (edited)' WHERE account_id = $1`, [
      accountId,
    ]);
    expect(await tablesNeedingVacuum(handle.db)).toEqual(['scripts']);
  });

  it('refreshes the statistics after a bulk insert from a small sample, and leaves the VACUUM to the hour', async () => {
    await vacuumAnalyze(handle.db, ['scripts']);
    await addScripts(5000);
    await quickAnalyze(handle.db, ['scripts']);
    const [stats] = (
      await handle.executeSql(
        `SELECT array_length(histogram_bounds::text::text[], 1) AS bounds FROM pg_stats
         WHERE tablename = 'scripts' AND attname = 'title'`,
      )
    ).rows as Array<{ bounds: number }>;
    // A statistics target of 10: at most 11 histogram bounds (the default of 100 makes up to 101).
    expect(Number(stats?.bounds)).toBeGreaterThan(1);
    expect(Number(stats?.bounds)).toBeLessThanOrEqual(11);
    // The setting was for that ANALYZE only.
    const [setting] = (await handle.executeSql('SHOW default_statistics_target')).rows as Array<
      Record<string, string>
    >;
    expect(Object.values(setting ?? {})[0]).toBe('100');
    expect(await tablesNeedingVacuum(handle.db)).toEqual(['scripts']);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the statistics kept every minute', () => {
  it('are refreshed for any table that changed enough since its last ANALYZE, as autovacuum would', async () => {
    await analyzeTables(handle.db, await tablesNeedingAnalyze(handle.db));
    expect(await tablesNeedingAnalyze(handle.db)).toEqual([]);
    // Texts are not among the hourly maintenance's tables: any table of the schema is.
    const addTexts = (count: number, from: number) =>
      handle.executeSql(
        `INSERT INTO messages (account_id, direction, kind, phone, body, segments, encoding, status, dedupe_key)
         SELECT $1, 'outbound', 'call_follow_up', '+12025550100', 'Hello', 1, 'GSM-7', 'queued', 'stats:' || g
         FROM generate_series(${from}, ${from + count - 1}) AS g`,
        [accountId],
      );
    await addTexts(20, 1);
    expect(await tablesNeedingAnalyze(handle.db)).toEqual([]);
    await addTexts(200, 100);
    expect(await tablesNeedingAnalyze(handle.db)).toEqual(['messages']);
    const before = await rowEstimate('messages');
    await analyzeTables(handle.db, ['messages']);
    expect(await tablesNeedingAnalyze(handle.db)).toEqual([]);
    expect(before).toBeLessThan(220);
    expect(await rowEstimate('messages')).toBe(220);
  });
});

/** The planner's idea of a table's rows (reltuples: -1 before any ANALYZE or VACUUM). */
async function rowEstimate(table: string): Promise<number> {
  const [row] = (await handle.executeSql(`SELECT reltuples FROM pg_class WHERE relname = $1`, [table]))
    .rows as Array<{ reltuples: number }>;
  return Number(row?.reltuples);
}
