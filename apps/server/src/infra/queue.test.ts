import type { DatabaseHandle } from '@callwise/db/client';
import { createTestDatabase } from '@callwise/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createQueue, defineJob, ensureQueues, jobSender, registerJobs, stopQueue } from './queue.ts';

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

/** A worker that polls only every 30 seconds. */
const wokenJob = defineJob({
  name: 'test-woken',
  schema: z.object({ n: z.number() }),
  pollingIntervalSeconds: 30,
  handler: async (payload) => {
    ran.push({ at: Date.now(), payload });
  },
});

/** Sends the jobs of these tests, typed by them. */
const sendJob = jobSender<typeof reminderJob | typeof wokenJob>();

beforeAll(async () => {
  database = await createTestDatabase();
  boss = createQueue(database, { supervise: true });
  await boss.start();
  await registerJobs(boss, [reminderJob, wokenJob], { work: true, log: silentLog });
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: false, wait: true });
  await database.close();
});

describe(`the job queue`, () => {
  it('runs a delayed job after its delay, not before', async () => {
    const sentAt = Date.now();
    const id = await sendJob(boss, 'test-delayed', { greeting: 'hello' }, { startAfter: 2 });
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
    // pg-boss's own send: sendJob would not compile with this payload.
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

  it('starts a job sent in this process at once, without waiting for the next poll', async () => {
    // Let the worker make its first (empty) poll and go to sleep for 30 seconds.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentAt = Date.now();
    await sendJob(boss, 'test-woken', { n: 1 });
    await expect
      .poll(() => ran.find((r) => (r.payload as { n?: number }).n === 1), { timeout: 5000, interval: 20 })
      .toBeTruthy();
    const run = ran.find((r) => (r.payload as { n?: number }).n === 1);
    expect((run?.at ?? Number.POSITIVE_INFINITY) - sentAt).toBeLessThan(5000);
  });
});

describe('a job sender', () => {
  it('takes only the names of its jobs, each with its own payload', () => {
    expectTypeOf(sendJob<'test-woken'>)
      .parameter(2)
      .toEqualTypeOf<{ n: number }>();
    expectTypeOf(sendJob<'test-delayed'>)
      .parameter(2)
      .toEqualTypeOf<{ greeting: string }>();
    // Only compiled, never sent: each line is refused by the type checker.
    const never = (): unknown => [
      // @ts-expect-error a job that is not one of the sender's
      sendJob(boss, 'test-unknown', {}),
      // @ts-expect-error another job's payload
      sendJob(boss, 'test-woken', { greeting: 'hello' }),
      // @ts-expect-error a payload of the wrong type
      sendJob(boss, 'test-delayed', { greeting: 42 }),
    ];
    expect(never).toBeTypeOf('function');
  });
});

describe('stopping the queue', () => {
  it('waits for the statement that records a failed job before the database may close', async () => {
    // A database whose statements marking a job failed are slow, as on a busy machine.
    let running = 0;
    const slow: DatabaseHandle = {
      ...database,
      executeSql: async (text, values) => {
        running++;
        try {
          // pg-boss's statement that fails jobs (and schedules their retries).
          if (text.includes('retried_jobs')) await new Promise((resolve) => setTimeout(resolve, 300));
          return await database.executeSql(text, values);
        } finally {
          running--;
        }
      },
    };
    const queue = createQueue(slow, { supervise: false });
    await queue.start();
    let entered: () => void = () => undefined;
    const handlerEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const failing = defineJob({
      name: 'test-failing-at-stop',
      schema: z.object({}),
      queue: { retryLimit: 0 },
      handler: async () => {
        entered();
        throw new Error('the handler failed');
      },
    });
    await registerJobs(queue, [failing], { work: true, log: silentLog });
    const id = await jobSender<typeof failing>()(queue, failing.name, {});
    await handlerEntered;
    // pg-boss's own graceful stop returns while its (unawaited) fail statement is still running.
    await stopQueue(queue, 5000);
    expect(running).toBe(0);
    expect((await boss.getJobById(failing.name, id))?.state).toBe('failed');
  });
});

describe("making the jobs' queues", () => {
  it('makes the missing ones and, when every queue exists, asks the database once', async () => {
    // Statements reaching the database, counted.
    const statements: string[] = [];
    const counted: DatabaseHandle = {
      ...database,
      executeSql: async (text, values) => {
        statements.push(text);
        return database.executeSql(text, values);
      },
    };
    const queue = createQueue(counted, { supervise: false });
    await queue.start();
    const jobs = ['test-made-1', 'test-made-2', 'test-made-3'].map((name) =>
      defineJob({ name, schema: z.object({}), queue: { retryLimit: 7 }, handler: async () => undefined }),
    );
    try {
      await ensureQueues(queue, jobs.slice(0, 1));
      statements.length = 0;
      await ensureQueues(queue, jobs);
      for (const job of jobs) expect((await queue.getQueue(job.name))?.retryLimit).toBe(7);
      expect(statements.length).toBeGreaterThan(1);

      statements.length = 0;
      await ensureQueues(queue, jobs);
      expect(statements).toHaveLength(1);
    } finally {
      await queue.stop({ graceful: false, close: false, wait: true });
    }
  });
});
