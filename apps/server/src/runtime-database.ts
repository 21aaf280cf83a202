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
 * cut short (a crash, a full disk) is never taken for a database. Two files are copied at a time: as fast as
 * more here (the cost is creating about 800 files), and it leaves two of the thread pool's four threads to the
 * server's modules, loading meanwhile; with every copy queued at once, their reads waited behind the whole copy.
 * A file system that can share a file's blocks (btrfs, XFS) clones them instead of copying.
 */
export async function copyDataDirTemplate(from: string, to: string): Promise<void> {
  const partial = `${to}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const files: [string, string][] = [];
  await listTree(from, partial, files);
  let next = 0;
  const lane = async () => {
    for (let file = files[next++]; file; file = files[next++]) {
      await copyFile(file[0], file[1], constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all([lane(), lane()]);
  rmSync(to, { recursive: true, force: true });
  renameSync(partial, to);
}

/** Makes the folders of `from` under `to` and lists the files to copy, each with its target. */
async function listTree(from: string, to: string, files: [string, string][]): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await listTree(source, target, files);
    else files.push([source, target]);
  }
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
