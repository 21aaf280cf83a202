import { type DatabaseHandle, openDatabase } from '@callwise/db/client';
import { runMigrations } from '@callwise/db/migrate';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from './config.ts';
import type { Logger } from './infra/logger.ts';
import {
  createQueue,
  EMBEDDED_POLL_SECONDS,
  type JobDefinition,
  registerJobs,
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
  close(): Promise<void>;
}

/**
 * Opens what a process needs: the data directory lock (embedded database only), the database, its migrations,
 * and the job queue (polling for work unless ROLE=api). `dataDir` is the data directory's preparation when the
 * caller has started it already (the server's entry does, before loading the rest of the server).
 */
export async function openRuntime(
  config: Config,
  log: Logger,
  options: { jobs?: JobDefinition<z.ZodType>[]; dataDir?: Promise<EmbeddedDataDir | null> } = {},
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
      database = await openDatabase({ dataDir: embedded.pgdata });
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
    await registerJobs(queue, options.jobs ?? createJobs({ config, database, queue, services }), {
      work: worker,
      log,
      ...(database.kind === 'pglite' ? { minPollingSeconds: EMBEDDED_POLL_SECONDS } : {}),
    });
    phase('jobs registered');

    let closing: Promise<void> | null = null;
    return {
      config,
      database,
      queue,
      services,
      close() {
        closing ??= (async () => {
          try {
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
