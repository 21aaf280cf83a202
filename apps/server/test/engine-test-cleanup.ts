import type { DatabaseHandle } from '@callwise/db/client';
import { afterAll, afterEach } from 'vitest';
import { freshEngineDatabase, withDatabase } from './engine-processes.ts';
import { killSpawned } from './spawn.ts';

/**
 * For a test file that runs server processes: every process still running is killed after each test, and when
 * the file is done what its tests asked to clean up (their databases, local fakes) is removed.
 */
export function engineTestCleanup() {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(() => killSpawned());
  afterAll(async () => {
    killSpawned();
    for (const cleanup of cleanups) await cleanup();
  });
  /** A new empty database (see freshEngineDatabase), removed once the file's tests are over. */
  const freshDatabase = async (prefix: string) => {
    const database = await freshEngineDatabase(process.env.DATABASE_URL, prefix);
    cleanups.push(() => database.remove());
    return database;
  };
  return {
    /** Done once the file's tests are over. */
    later(cleanup: () => Promise<void>) {
      cleanups.push(cleanup);
    },
    freshDatabase,
    /** A new database as freshDatabase, with what `seed` wrote into it first (and answered). */
    async seededDatabase<T>(prefix: string, seed: (handle: DatabaseHandle) => Promise<T>) {
      const database = await freshDatabase(prefix);
      return { database, seeded: await withDatabase(database, seed) };
    },
  };
}
