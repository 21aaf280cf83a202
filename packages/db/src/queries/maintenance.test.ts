import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { accounts } from '../schema.ts';
import { createTestDatabase } from '../testing.ts';
import { tablesNeedingVacuum, vacuumAnalyze } from './maintenance.ts';

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
});
