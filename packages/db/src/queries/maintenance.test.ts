import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { accounts } from '../schema.ts';
import { createTestDatabase } from '../testing.ts';
import { quickAnalyze, tablesNeedingVacuum, vacuumAnalyze } from './maintenance.ts';

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
