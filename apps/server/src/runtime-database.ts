// The first part of opening the runtime: the data directory's lock and a first start's copy of the database
// template. It imports little, so that the server's entry can start it before loading the rest of the server
// (decision 031): the copy runs on a thread of its own while the server's modules load.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { acquireDataDirLock } from '@callwise/db/lock';
import type { Config } from './config.ts';

/** A migrated, empty PGlite data directory made at build time: a first start copies it instead of running initdb. */
const pgliteTemplate = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/**
 * Copies the template into `to`: into a folder beside it first, renamed into place when complete, so that a copy
 * cut short (a crash, a full disk) is never taken for a database. The copy runs on a thread of its own, one file
 * after another: the main thread is busy loading the server meanwhile, so a copy driven from it waited for it
 * between files, and one queued on the thread pool all at once held up the modules' reads behind it. A file
 * system that can share a file's blocks (btrfs, XFS) clones them instead of copying.
 */
export async function copyDataDirTemplate(from: string, to: string): Promise<void> {
  const partial = `${to}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(COPY_TREE, { eval: true, workerData: { from, to: partial } });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the template's copy stopped with code ${code}`)),
    );
  });
  rmSync(to, { recursive: true, force: true });
  renameSync(partial, to);
}

/** The copying thread's program: `workerData.from`'s folders and files into `workerData.to`. */
const COPY_TREE = `
const { constants, copyFileSync, mkdirSync, readdirSync } = require('node:fs');
const path = require('node:path');
const { workerData } = require('node:worker_threads');
const copyTree = (from, to) => {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else copyFileSync(source, target, constants.COPYFILE_FICLONE);
  }
};
copyTree(workerData.from, workerData.to);
`;

/** The embedded database's folder, ready to open, under the data directory's lock. */
export interface EmbeddedDataDir {
  /** DATA_DIR/pgdata. */
  pgdata: string;
  releaseLock(): void;
}

/**
 * Takes the data directory's lock and, on a first start, copies the template into DATA_DIR/pgdata. Null when
 * DATABASE_URL is set: PostgreSQL needs neither.
 */
export async function prepareDataDir(
  config: Config,
  phase: (name: string) => void = () => {},
): Promise<EmbeddedDataDir | null> {
  if (config.DATABASE_URL) return null;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const releaseLock = acquireDataDirLock(config.DATA_DIR);
  const pgdata = path.join(config.DATA_DIR, 'pgdata');
  try {
    if (!existsSync(path.join(pgdata, 'PG_VERSION')) && existsSync(path.join(pgliteTemplate, 'PG_VERSION'))) {
      await copyDataDirTemplate(pgliteTemplate, pgdata);
    }
  } catch (error) {
    releaseLock();
    throw error;
  }
  phase('data directory ready');
  return { pgdata, releaseLock };
}
