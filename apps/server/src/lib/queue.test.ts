import type { DatabaseHandle } from '@callwise/db/client';
import { createTestDatabase } from '@callwise/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createQueue, defineJob, registerJobs } from './queue.ts';

let database: DatabaseHandle;
let boss: PgBoss;
const ran: Array<{ at: number; payload: unknown }> = [];
const silentLog = { error: () => undefined };

const reminderJob = defineJob({
  name: 'test-delayed',
  schema: z.object({ greeting: z.string() }),
  pollingIntervalSeconds: 0.5,
  handler: async (payload) => {
    ran.push({ at: Date.now(), payload });
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  boss = createQueue(database, { supervise: true });
  await boss.start();
  await registerJobs(boss, [reminderJob], { work: true, log: silentLog });
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: false, wait: true });
  await database.close();
});

describe(`the job queue`, () => {
  it('runs a delayed job after its delay, not before', async () => {
    const sentAt = Date.now();
    const id = await boss.send('test-delayed', { greeting: 'hello' }, { startAfter: 2 });
    expect(id).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(ran).toEqual([]);
    const deadline = Date.now() + 10_000;
    while (ran.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toHaveLength(1);
    expect(ran[0]?.payload).toEqual({ greeting: 'hello' });
    expect((ran[0]?.at ?? 0) - sentAt).toBeGreaterThanOrEqual(1900);
    // The handler has returned; pg-boss records the completion right after.
    await expect
      .poll(async () => (await boss.getJobById('test-delayed', id as string))?.state, { timeout: 5000 })
      .toBe('completed');
  });

  it('fails a job whose payload does not fit, without retrying it', async () => {
    const before = ran.length;
    const id = await boss.send('test-delayed', { greeting: 42 }, { retryLimit: 3 });
    const deadline = Date.now() + 10_000;
    let state = '';
    while (Date.now() < deadline) {
      state = (await boss.getJobById('test-delayed', id as string))?.state ?? '';
      if (state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('failed');
    expect(ran.length).toBe(before);
  });
});
