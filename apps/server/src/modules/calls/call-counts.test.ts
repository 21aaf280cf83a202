import { createTestDatabase } from '@callwise/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp, testLog } from '../../../test/helper.ts';
import { CallCountFolder, VACUUM_AFTER_CHANGES } from './call-count-folder.ts';

// The call history's counts through the API (decision 032): exact before and after the worker folds its changes.
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ engine: false });
});
afterAll(async () => {
  await t.close();
});

async function changesLeft(): Promise<number> {
  const { rows } = await t.database.executeSql('SELECT count(*)::int AS n FROM call_count_changes');
  return Number(rows[0]?.n);
}

async function waitUntilFolded() {
  const deadline = Date.now() + 10_000;
  while ((await changesLeft()) > 0) {
    if (Date.now() > deadline) throw new Error('the changes were not folded within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the call history’s counts', () => {
  it('count a call the moment it is written, and the same once the worker has folded it', async () => {
    const owner = await signedInUser(t, { plan: 'starter' });
    const summary = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/calls/summary', headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; pending: number };
    };
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const ids: string[] = [];
    for (const [name, phone] of [
      ['Ana Diaz', '+14155550121'],
      ['Ben Ortiz', '+14155550122'],
      ['Cleo Park', '+14155550123'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/calls',
        headers: owner.headers,
        payload: { recipient_name: name, phone, message: 'Hello', scheduled_at: inAnHour },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { id: string }).id);
    }
    // Read at once: whether or not the fold has run, three calls wait.
    expect(await summary()).toMatchObject({ total: 3, pending: 3 });
    await waitUntilFolded();
    expect(await summary()).toMatchObject({ total: 3, pending: 3 });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${ids[0]}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await summary()).toMatchObject({ total: 3, pending: 2 });
    await waitUntilFolded();
    expect(await summary()).toMatchObject({ total: 3, pending: 2 });
    const dashboard = await t.app.inject({ method: 'GET', url: '/v1/dashboard', headers: owner.headers });
    expect(dashboard.json()).toMatchObject({ scheduled_calls: 2, total_calls: 0 });
  });

  it('frees the space of many folded changes at once', async () => {
    // A database of its own: no other fold can take the changes first.
    const database = await createTestDatabase();
    const folder = new CallCountFolder({ db: database.db, log: testLog });
    try {
      const { rows } = await database.executeSql(
        `INSERT INTO accounts (name) VALUES ('Folded') RETURNING id`,
      );
      // One change per call: each is made in its own quarter hour.
      await database.executeSql(
        `INSERT INTO calls (account_id, recipient_name, phone, message, voice, created_at)
         SELECT $1, 'Caller ' || g, '+14155550123', 'Hello', 'aria', now() - make_interval(mins => g * 15)
         FROM generate_series(1, $2::int) AS g`,
        [rows[0]?.id, VACUUM_AFTER_CHANGES + 1],
      );
      const size = async () => {
        const result = await database.executeSql(
          `SELECT pg_relation_size('call_count_changes')::int AS bytes`,
        );
        return Number(result.rows[0]?.bytes);
      };
      expect(await size()).toBeGreaterThan(0);
      await folder.foldNow();
      const left = await database.executeSql('SELECT count(*)::int AS n FROM call_count_changes');
      expect(left.rows[0]?.n).toBe(0);
      // VACUUM cut the table's pages of dead rows away.
      expect(await size()).toBe(0);
    } finally {
      await folder.close();
      await database.close();
    }
  });
});
