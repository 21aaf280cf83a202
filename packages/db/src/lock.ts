import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process first, or point DATA_DIR at another directory. ' +
        'The embedded database can be opened by one process only; to run several processes, use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process with a lock file holding our pid. A lock left by a process that
 * no longer runs (killed with -9, power loss) is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'callwise.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      } catch {
        // Removed between our two calls: try again.
      }
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first.
      }
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
