import { type DatabaseHandle, openDatabase } from '@callwise/db/client';
import { runMigrations } from '@callwise/db/migrate';
import type { PgliteFiles } from '@callwise/db/pglite-files';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from './config.ts';
import type { Logger } from './infra/logger.ts';
import {
  createQueue,
  EMBEDDED_POLL_SECONDS,
  ensureQueues,
  type JobDefinition,
  startWorkers,
  stopQueue,
} from './infra/queue.ts';
import { createJobs } from './jobs/registry.ts';
import { type EmbeddedDataDir, prepareDataDir } from './runtime-database.ts';
import { openServices, type Services } from './services.ts';

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  queue: PgBoss;
  services: Services;
  /**
   * Starts the job workers (ROLE=all|worker; nothing for ROLE=api) once, after the server answers: the jobs' queues
   * exist already, so anything sent before is kept and picked up then.
   */
  startJobs(): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** The jobs run; by default the server's (`createJobs`). */
  jobs?: JobDefinition<z.ZodType>[];
  /** The data directory's preparation, when the caller has started it already. */
  dataDir?: Promise<EmbeddedDataDir | null>;
  /** PGlite's files, when the caller has started loading them (`loadPgliteFiles`). */
  pgliteFiles?: Promise<PgliteFiles | null>;
}

/**
 * Opens what a process needs: the data directory lock (embedded database only), the database, its migrations,
 * and the job queue with every job's queue made (its workers start with `startJobs`).
 */
export async function openRuntime(
  config: Config,
  log: Logger,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  // Milliseconds since the process started, as the server's entry logs its phases.
  const phase = (name: string) => log.debug?.({ phase: name, ms: Math.round(performance.now()) }, 'startup');
  const embedded = await (options.dataDir ?? prepareDataDir(config, phase));
  let releaseLock = () => {};
  let database: DatabaseHandle;
  if (!embedded) {
    database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  } else {
    releaseLock = embedded.releaseLock;
    try {
      database = await openDatabase({
        dataDir: embedded.pgdata,
        ...(options.pgliteFiles ? { pgliteFiles: options.pgliteFiles } : {}),
      });
    } catch (error) {
      releaseLock();
      throw error;
    }
  }

  phase('database open');
  try {
    await runMigrations(database);
    phase('migrations checked');
    const worker = config.ROLE !== 'api';
    const queue = createQueue(database, { supervise: worker });
    queue.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await queue.start();
    phase('queue started');
    const services = await openServices({ config, database, queue, log });
    const jobs = options.jobs ?? createJobs({ config, database, queue, services });
    await ensureQueues(queue, jobs);
    phase('queues checked');
    let working: Promise<void> | null = null;

    let closing: Promise<void> | null = null;
    return {
      config,
      database,
      queue,
      services,
      startJobs() {
        if (!worker) return Promise.resolve();
        working ??= startWorkers(queue, jobs, {
          log,
          ...(database.kind === 'pglite' ? { minPollingSeconds: EMBEDDED_POLL_SECONDS } : {}),
        }).then(() => phase('workers started'));
        return working;
      },
      close() {
        closing ??= (async () => {
          try {
            // Workers still starting finish starting, so that the queue's stop finds them all.
            await working?.catch(() => undefined);
            await services.close();
            await stopQueue(queue, 10_000);
          } finally {
            await database.close();
            releaseLock();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}
