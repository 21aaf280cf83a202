import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '@callwise/db/client';
import { acquireDataDirLock } from '@callwise/db/lock';
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
import { openServices, type Services } from './services.ts';

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  queue: PgBoss;
  services: Services;
  close(): Promise<void>;
}

/** A migrated, empty PGlite data directory made at build time: a first start copies it instead of running initdb. */
const pgliteTemplate = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/**
 * Copies the template into `to`: into a folder beside it first, renamed into place when complete, so that a copy
 * cut short (a crash, a full disk) is never taken for a database. Files are copied several at a time (the
 * template has about 1,200): half the time of one after the other.
 */
export async function copyDataDirTemplate(from: string, to: string): Promise<void> {
  const partial = `${to}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await copyTree(from, partial);
  rmSync(to, { recursive: true, force: true });
  renameSync(partial, to);
}

async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      return entry.isDirectory() ? copyTree(source, target) : copyFile(source, target);
    }),
  );
}

/**
 * Opens what a process needs: the data directory lock (embedded database only), the database, its migrations,
 * and the job queue (polling for work unless ROLE=api).
 */
export async function openRuntime(
  config: Config,
  log: Logger,
  options: { jobs?: JobDefinition<z.ZodType>[] } = {},
): Promise<Runtime> {
  const started = performance.now();
  const phase = (name: string) =>
    log.debug?.({ phase: name, ms: Math.round(performance.now() - started) }, 'startup');
  let releaseLock = () => {};
  let database: DatabaseHandle;
  if (config.DATABASE_URL) {
    database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  } else {
    mkdirSync(config.DATA_DIR, { recursive: true });
    releaseLock = acquireDataDirLock(config.DATA_DIR);
    const dataDir = path.join(config.DATA_DIR, 'pgdata');
    if (
      !existsSync(path.join(dataDir, 'PG_VERSION')) &&
      existsSync(path.join(pgliteTemplate, 'PG_VERSION'))
    ) {
      await copyDataDirTemplate(pgliteTemplate, dataDir);
    }
    phase('data directory ready');
    try {
      database = await openDatabase({ dataDir });
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
