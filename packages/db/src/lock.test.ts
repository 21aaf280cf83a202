import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'callwise-lock-'));
  dirs.push(dir);
  return dir;
};
const holders: Array<{ parent: ChildProcess; pid?: number }> = [];
afterEach(async () => {
  for (const { parent, pid } of holders.splice(0)) {
    try {
      if (pid) process.kill(pid, 'SIGKILL');
    } catch {
      // Already dead.
    }
    // Its parent's stdin closes: it waits for (reaps) the holder and exits.
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    if (parent.exitCode === null && parent.signalCode === null) {
      if (pid) parent.stdin?.end();
      else parent.kill('SIGKILL');
      await exited;
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The lock file's "pid starttime" (starttime on Linux only). */
const lockFields = (dir: string) => readFileSync(path.join(dir, 'callwise.lock'), 'utf8').split(' ');

/** Field 3 (state) and 22 (starttime) of /proc/<pid>/stat. */
const procStat = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], startTime: fields[19] };
};

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A real process that takes the lock on `dir` with this module and stays. Its parent is a shell that does not
 * wait for it until its stdin closes (it blocks in `read`), so that the holder, once killed, stays a zombie as
 * after a `kill -9` of a server whose parent has not reaped it yet. Returns the holder's pid (read from the
 * lock it wrote) once it holds the lock.
 */
async function startHolder(dir: string): Promise<number> {
  const script = `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
acquireDataDirLock(${JSON.stringify(dir)});
setInterval(() => {}, 1000);`;
  const holder = `exec ${JSON.stringify(process.execPath)} --import tsx --input-type=module -e "$0"`;
  const parent = spawn('sh', ['-c', `(${holder}) & read _; wait`, script], {
    cwd: repoRoot,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const started: { parent: ChildProcess; pid?: number } = { parent };
  holders.push(started);
  started.pid = await until('the holder to take the lock', () => {
    if (!existsSync(path.join(dir, 'callwise.lock'))) return undefined;
    const pid = Number.parseInt(lockFields(dir)[0] ?? '', 10);
    return Number.isInteger(pid) && pid !== process.pid ? pid : undefined;
  });
  return started.pid;
}

describe('acquireDataDirLock', () => {
  it('writes our pid (and start time) and removes the file on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    const file = path.join(dir, 'callwise.lock');
    const [pid, startTime] = lockFields(dir);
    expect(pid).toBe(String(process.pid));
    if (process.platform === 'linux') expect(startTime).toBe(procStat(process.pid).startTime);
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a directory held by a running process', () => {
    const dir = tempDir();
    // pid 1 always runs.
    writeFileSync(path.join(dir, 'callwise.lock'), '1');
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process \(pid 1\)/);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir();
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = child.stdout.toString();
    writeFileSync(path.join(dir, 'callwise.lock'), deadPid);
    const release = acquireDataDirLock(dir);
    expect(lockFields(dir)[0]).toBe(String(process.pid));
    release();
  });
});

describe.runIf(process.platform === 'linux')('acquireDataDirLock on Linux: the holder process itself', () => {
  it('refuses while another live process holds the directory', async () => {
    const dir = tempDir();
    const holder = await startHolder(dir);
    expect(procStat(holder).state).not.toBe('Z');
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another process (pid ${holder})`);
  });

  it('takes the directory straight after its holder was killed with -9, while it is still a zombie', async () => {
    const dir = tempDir();
    const holder = await startHolder(dir);
    process.kill(holder, 'SIGKILL');
    // Its parent never waits for it: the pid still exists (kill 0 succeeds), as a zombie.
    await until('the holder to become a zombie', () => (procStat(holder).state === 'Z' ? true : undefined));
    expect(() => process.kill(holder, 0)).not.toThrow();
    const release = acquireDataDirLock(dir);
    expect(lockFields(dir)[0]).toBe(String(process.pid));
    release();
  });

  it('takes over a lock whose pid now belongs to another process (start time differs)', () => {
    const dir = tempDir();
    const { startTime } = procStat(1);
    writeFileSync(path.join(dir, 'callwise.lock'), `1 ${Number(startTime) + 1}`);
    const release = acquireDataDirLock(dir);
    expect(lockFields(dir)[0]).toBe(String(process.pid));
    release();
    // The same pid with its own start time is that process: refused.
    writeFileSync(path.join(dir, 'callwise.lock'), `1 ${startTime}`);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process \(pid 1\)/);
  });
});
