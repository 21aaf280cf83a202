import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../src/client.ts';
import { acquireDataDirLock } from '../src/lock.ts';

/** The database the server would use: DATABASE_URL, else the embedded one in DATA_DIR (taking its lock). */
export async function openDatabaseFromEnv(): Promise<DatabaseHandle & { where: string }> {
  const url = process.env.DATABASE_URL || undefined;
  if (url) return { ...(await openDatabase({ url, poolSize: 2 })), where: 'PostgreSQL at DATABASE_URL' };
  const dataDir = path.resolve(process.env.DATA_DIR || './.data');
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    return {
      ...handle,
      where: `the embedded database in ${dataDir}`,
      async close() {
        await handle.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
