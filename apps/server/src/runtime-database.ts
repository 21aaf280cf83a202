// The first part of opening the runtime: the data directory's lock and a first start's copy of the database
// template. It imports little, so that the server's entry can start it before loading the rest of the server
// (decision 031): the copy runs on the thread pool while the server's modules load.
import { constants, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireDataDirLock } from '@callwise/db/lock';
import type { Config } from './config.ts';

/** A migrated, empty PGlite data directory made at build time: a first start copies it instead of running initdb. */
const pgliteTemplate = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/**
 * Copies the template into `to`: into a folder beside it first, renamed into place when complete, so that a copy
 * cut short (a crash, a full disk) is never taken for a database. Files are copied several at a time (the
 * template has about 1,400): half the time of one after the other. A file system that can share a file's blocks
 * (btrfs, XFS) clones them instead of copying.
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
      return entry.isDirectory()
        ? copyTree(source, target)
        : copyFile(source, target, constants.COPYFILE_FICLONE);
    }),
  );
}

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
