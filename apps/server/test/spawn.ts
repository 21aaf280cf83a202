import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's entry, run from source by the process tests. */
export const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

export interface Spawned {
  child: ChildProcess;
  /** Resolves with the exit code, or the signal's name when a signal ended it. */
  exited: Promise<string>;
  /** Waits until stdout matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  output(): { stdout: string; stderr: string };
}

const spawned: ChildProcess[] = [];

/**
 * Runs a TypeScript entry in a real child process. DATABASE_URL is not inherited (the embedded database is
 * used) unless `env` gives one.
 */
export function spawnEntry(entry: string, env: Record<string, string>): Spawned {
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...parentEnv, LOG_LEVEL: 'warn', JWT_SECRET: 'p'.repeat(40), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  const waitFor = async (pattern: RegExp, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = stdout.match(pattern);
      if (match) return match;
      if (child.exitCode !== null || child.signalCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`Timed out waiting for ${pattern}\nstdout: ${stdout}\nstderr: ${stderr}`);
  };
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) };
}

/** Kills every process spawned so far that is still running (for afterEach/afterAll). */
export function killSpawned(): void {
  for (const child of spawned.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
