import type { DatabaseHandle } from '@callwise/db/client';
import PgBoss from 'pg-boss';
import type { z } from 'zod';

/** A job: a name, the shape of its payload, and what to do. A payload that does not fit is never retried. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  handler: (payload: z.infer<S>, job: { id: string; retryCount: number }) => Promise<void>;
  /** Queue options for pg-boss (retries, backoff, expiry). */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** Workers polling at once in this process. */
  concurrency?: number;
  pollingIntervalSeconds?: number;
  /** Run on a schedule (cron, UTC). pg-boss keeps one slot per minute, so several workers never run it twice. */
  cron?: string;
}

export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job;
}

export interface QueueOptions {
  /** Run maintenance and the cron clock (a worker); the API role only sends. */
  supervise: boolean;
}

/** pg-boss on our database connection: PostgreSQL's pool or the embedded PGlite. */
export function createQueue(database: DatabaseHandle, options: QueueOptions): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
  });
}

/** Creates a job's queue unless it exists; a deadlock with another process starting at the same time is retried. */
async function ensureQueue(boss: PgBoss, job: JobDefinition<z.ZodType>) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(job.name)))
        await boss.createQueue(job.name, { name: job.name, ...job.queue });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Creates the queue of each job (idempotent); in a worker, starts polling for it. */
export async function registerJobs(
  boss: PgBoss,
  jobs: JobDefinition<z.ZodType>[],
  options: { work: boolean; log: { error: (obj: object, msg: string) => void } },
): Promise<void> {
  // Queues one at a time: pg-boss creates a table per queue, and concurrent creation deadlocks on PostgreSQL.
  for (const job of jobs) await ensureQueue(boss, job);
  if (!options.work) return;
  // Workers and schedules are independent: set them up together.
  await Promise.all(
    jobs.map(async (job) => {
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      const concurrency = job.concurrency ?? 1;
      for (let i = 0; i < concurrency; i++) {
        await boss.work(
          job.name,
          { pollingIntervalSeconds: job.pollingIntervalSeconds ?? 1, batchSize: 1 },
          async ([received]) => {
            if (!received) return;
            const parsed = job.schema.safeParse(received.data);
            if (!parsed.success) {
              // A bad payload will never become good: record it and do not retry.
              options.log.error(
                { job: job.name, id: received.id, issues: parsed.error.issues },
                'job payload rejected',
              );
              await boss.fail(job.name, received.id, {
                reason: 'invalid payload',
                issues: parsed.error.issues,
              });
              return;
            }
            await job.handler(parsed.data, {
              id: received.id,
              retryCount: (received as { retryCount?: number }).retryCount ?? 0,
            });
          },
        );
      }
    }),
  );
}

/** Sends a job; a queue that does not exist (pg-boss answers null) is an error, never a silent drop. */
export async function sendJob(
  boss: PgBoss,
  name: string,
  data: object,
  options: PgBoss.SendOptions = {},
): Promise<string> {
  const id = await boss.send(name, data, options);
  if (!id) throw new Error(`The job queue "${name}" did not accept the job`);
  return id;
}
