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

/** A process as Linux's /proc/<pid>/stat shows it; undefined where there is no /proc (or no such process). */
function procStat(pid: number): { state: string; startTime: string } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // state is field 3, starttime (clock ticks after boot) field 22.
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

/** What we write in the lock file: our pid, and on Linux our start time (so that a reused pid is told apart). */
function lockContent(pid: number): string {
  const startTime = procStat(pid)?.startTime;
  return startTime ? `${pid} ${startTime}` : String(pid);
}

/**
 * Whether the process that wrote a lock still runs. A pid that exists is not enough: a process killed with -9
 * stays a zombie (state Z, or X while being reaped) until its parent waits for it, and after a restart of the
 * machine the pid may belong to another process (its start time differs from the one written in the lock).
 */
function isAlive(pid: number, startTime: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  // No /proc (not Linux, or hidden): the pid exists, and that is all we know; so it holds the directory.
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  return startTime === undefined || startTime === stat.startTime;
}

/**
 * Takes the data directory for this process with a lock file holding our pid (and start time). A lock left by a
 * process that no longer runs (killed with -9, even while still a zombie; power loss) is taken over. Returns the
 * release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'callwise.lock');
  const content = lockContent(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, content);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === content) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      let holderStart: string | undefined;
      try {
        // "pid" (older versions) or "pid starttime".
        const [pid, startTime] = readFileSync(file, 'utf8').trim().split(/\s+/);
        holder = Number.parseInt(pid ?? '', 10);
        holderStart = startTime;
      } catch {
        // Removed between our two calls: try again.
      }
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder, holderStart)) {
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
