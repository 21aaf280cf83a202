import type { DatabaseHandle } from '@callwise/db/client';
import PgBoss from 'pg-boss';
import { z } from 'zod';

/**
 * A job: a name, the shape of its payload, and what to do. A payload that does not fit is never retried. The name's
 * literal type and the schema are kept, so a job is sent only with its own payload (see `jobSender`).
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType, N extends string = string> {
  name: N;
  schema: S;
  // A method, not a function property: any job is then a JobDefinition (the list the worker registers).
  handler(payload: z.infer<S>, job: { id: string; retryCount: number }): Promise<void>;
  /** Queue options for pg-boss (retries, backoff, expiry). */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** Workers polling at once in this process. */
  concurrency?: number;
  pollingIntervalSeconds?: number;
  /** Run on a schedule (cron, UTC). pg-boss keeps one slot per minute, so several workers never run it twice. */
  cron?: string;
  /** Also run once when a worker starts: what a stopped worker left is handled at once, not at the next slot. */
  runAtStart?: boolean;
}

export function defineJob<S extends z.ZodType, const N extends string>(
  job: JobDefinition<S, N>,
): JobDefinition<S, N> {
  return job;
}

/**
 * A job without a payload that runs every minute (and when it is sent, to start at once) and does what is due then.
 * A run that fails is the next minute's to repeat; a retry would only race it.
 */
export function everyMinuteJob<const N extends string>(name: N, run: () => Promise<unknown>) {
  return defineJob({
    name,
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    queue: { retryLimit: 0 },
    handler: async () => {
      await run();
    },
  });
}

/** The payload a job of `J` named `N` is sent with: what its schema takes. */
export type PayloadOf<J extends JobDefinition, N extends J['name']> = z.input<
  Extract<J, { name: N }>['schema']
>;

/**
 * The function that sends the jobs `J`: a job name that is not one of them, or a payload its schema would not take,
 * does not compile. The server's one is `sendJob` in `jobs/send.ts`, typed by every job the worker runs.
 */
export function jobSender<J extends JobDefinition>() {
  return <N extends J['name']>(
    boss: PgBoss,
    name: N,
    payload: PayloadOf<J, N>,
    options: PgBoss.SendOptions = {},
  ): Promise<string> => enqueue(boss, name, payload as object, options);
}

export interface QueueOptions {
  /** Run maintenance and the cron clock (a worker); the API role only sends. */
  supervise: boolean;
}

/**
 * What this process knows of a queue it made: its statements on the database and the job handlers running at
 * this moment (for `stopQueue`), and its workers per job name (woken by `enqueue`).
 */
interface QueueState {
  statements: number;
  handlers: number;
  workers: Map<string, string[]>;
}

const states = new WeakMap<PgBoss, QueueState>();

/** pg-boss on our database connection: PostgreSQL's pool or the embedded PGlite. */
export function createQueue(database: DatabaseHandle, options: QueueOptions): PgBoss {
  const state: QueueState = { statements: 0, handlers: 0, workers: new Map() };
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        state.statements++;
        try {
          return await database.executeSql(text, values);
        } finally {
          state.statements--;
        }
      },
    },
    schema: 'pgboss',
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
  });
  states.set(boss, state);
  return boss;
}

/**
 * Stops the queue so the database can close after it. pg-boss's graceful stop waits for the jobs its workers
 * hold, but it neither waits for the statement that marks a finished job complete or failed (it does not await
 * it) nor for a fetch still running, whose job then starts; either would reach a closed database as an
 * unhandled rejection. So after the stop, this waits until no statement of the queue and no job handler has
 * been running for two looks in a row, or until the timeout.
 */
export async function stopQueue(boss: PgBoss, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
  const state = states.get(boss);
  if (!state) return;
  let quietLooks = 0;
  while (quietLooks < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    quietLooks = state.statements === 0 && state.handlers === 0 ? quietLooks + 1 : 0;
  }
}

/**
 * Creates the queue of each job that lacks one: one statement reads every queue (a restart, or a first start from
 * the template, finds them all), and the missing ones are made one at a time, since pg-boss creates a table per
 * queue and concurrent creation deadlocks on PostgreSQL. A deadlock with another process starting at the same
 * time is retried.
 */
export async function ensureQueues(boss: PgBoss, jobs: JobDefinition[]): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const job of jobs) {
    if (existing.has(job.name)) continue;
    for (let attempt = 1; ; attempt++) {
      try {
        // A queue another process made meanwhile is left as it is (pg-boss inserts it ON CONFLICT DO NOTHING).
        await boss.createQueue(job.name, { name: job.name, ...job.queue });
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }
}

/**
 * How often the embedded engine's pollers (job workers, dispatcher, webhook deliverer) look for delayed and
 * scheduled work: everything due now is sent by this one process and wakes them at once.
 */
export const EMBEDDED_POLL_SECONDS = 5;

/** How the job workers run. */
export interface WorkerOptions {
  log: { error: (obj: object, msg: string) => void };
  /**
   * Polls no more often than this. The embedded database lives in this one process, so every job due now is
   * sent here and wakes its worker at once (see enqueue): polling only finds delayed jobs, retries and the
   * scheduled ones, and each poll holds up the requests it coincides with.
   */
  minPollingSeconds?: number;
}

/** Creates the queue of each job (idempotent); in a worker, starts polling for it. */
export async function registerJobs(
  boss: PgBoss,
  jobs: JobDefinition[],
  options: WorkerOptions & { work: boolean },
): Promise<void> {
  await ensureQueues(boss, jobs);
  if (options.work) await startWorkers(boss, jobs, options);
}

/**
 * Starts polling for each job (its queue made already: `ensureQueues`), schedules the cron jobs and sends the
 * jobs that run at start.
 */
export async function startWorkers(
  boss: PgBoss,
  jobs: JobDefinition[],
  options: WorkerOptions,
): Promise<void> {
  const state = states.get(boss);

  /** One job: a payload that does not fit is failed for good; otherwise the handler runs. */
  async function run(job: JobDefinition, received: PgBoss.Job<unknown>) {
    const parsed = job.schema.safeParse(received.data);
    if (!parsed.success) {
      // A bad payload will never become good: record it and do not retry.
      options.log.error(
        { job: job.name, id: received.id, issues: parsed.error.issues },
        'job payload rejected',
      );
      await boss.fail(job.name, received.id, { reason: 'invalid payload', issues: parsed.error.issues });
      return;
    }
    await job.handler(parsed.data, {
      id: received.id,
      retryCount: (received as { retryCount?: number }).retryCount ?? 0,
    });
  }

  // Workers and schedules are independent: set them up together.
  await Promise.all(
    jobs.map(async (job) => {
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      const concurrency = job.concurrency ?? 1;
      const ids: string[] = [];
      for (let i = 0; i < concurrency; i++) {
        const id = await boss.work(
          job.name,
          {
            pollingIntervalSeconds: Math.max(job.pollingIntervalSeconds ?? 1, options.minPollingSeconds ?? 0),
            batchSize: 1,
          },
          async ([received]) => {
            if (!received) return;
            if (state) state.handlers++;
            try {
              await run(job, received);
            } finally {
              if (state) state.handlers--;
            }
          },
        );
        ids.push(id);
      }
      state?.workers.set(job.name, ids);
    }),
  );
  for (const job of jobs) if (job.runAtStart) await enqueue(boss, job.name, {});
}

/**
 * Sends a job (only through a `jobSender`, which checks its payload's type). A queue that does not exist (pg-boss
 * answers null) is an error, never a silent drop; with an `id` of our own, null means that job was already sent
 * (by this or another process), which changes nothing.
 */
async function enqueue(
  boss: PgBoss,
  name: string,
  data: object,
  options: PgBoss.SendOptions = {},
): Promise<string> {
  const id = await boss.send(name, data, options);
  if (!id) {
    if (options.id) return options.id;
    throw new Error(`The job queue "${name}" did not accept the job`);
  }
  // A job due now is started by a worker of this process at once (the embedded database always, and a
  // PostgreSQL process that runs workers); workers elsewhere find it at their next poll.
  if (options.startAfter === undefined) {
    for (const worker of states.get(boss)?.workers.get(name) ?? []) boss.notifyWorker(worker);
  }
  return id;
}
