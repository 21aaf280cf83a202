import { hitRateLimit } from '@callwise/db/queries/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { sendJob } from '../../jobs/send.ts';
import { AUTH_MAINTENANCE } from './auth-maintenance.job.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('auth maintenance', () => {
  it('is scheduled daily and prunes finished rate-limit windows and audit events past a year', async () => {
    const schedules = await t.app.queue.getSchedules();
    expect(schedules.find((s) => s.name === AUTH_MAINTENANCE)?.cron).toBe('17 3 * * *');

    await hitRateLimit(t.database.db, 'test:old', 60);
    await t.database.executeSql(
      `UPDATE rate_limits SET window_start = now() - interval '2 days' WHERE key = 'test:old'`,
    );
    await hitRateLimit(t.database.db, 'test:fresh', 60);
    // The audit log keeps a year.
    const { accountId } = await signedInUser(t);
    for (const [summary, age] of [
      ['a year and a day ago', '366 days'],
      ['a day short of a year ago', '364 days'],
    ]) {
      await t.database.executeSql(
        `INSERT INTO audit_events (account_id, action, summary, actor_type, actor, created_at)
           VALUES ($1, 'password.changed', $2, 'user', 'owner@example.com', now() - $3::interval)`,
        [accountId, summary, age],
      );
    }
    const id = await sendJob(t.app.queue, AUTH_MAINTENANCE, {});
    const deadline = Date.now() + 10_000;
    let state = '';
    while (Date.now() < deadline && state !== 'completed') {
      state = (await t.app.queue.getJobById(AUTH_MAINTENANCE, id))?.state ?? '';
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('completed');
    const { rows } = await t.database.executeSql(
      `SELECT key FROM rate_limits WHERE key LIKE 'test:%' ORDER BY key`,
    );
    expect(rows).toEqual([{ key: 'test:fresh' }]);
    const kept = await t.database.executeSql(
      `SELECT summary FROM audit_events WHERE account_id = $1 AND action = 'password.changed'`,
      [accountId],
    );
    expect(kept.rows).toEqual([{ summary: 'a day short of a year ago' }]);
  });
});
