import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'callwise-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('writes our pid and removes the file on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    const file = path.join(dir, 'callwise.lock');
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
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
    expect(readFileSync(path.join(dir, 'callwise.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
