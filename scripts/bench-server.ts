// What the parts of `npm run bench` in bench.ts share to measure the built server: starting and stopping it on
// a data folder of its own, its memory, the bench user seeded before it starts and signed in once it runs, and
// the latency of GETs against it.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export async function startServer(
  dataDir: string,
  port: number,
  command: string[] = [process.execPath, ...SERVER_NODE_ARGS, serverEntry],
): Promise<{ child: ChildProcess; readyMs: number }> {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const started = performance.now();
  // BENCH_CPU_PROFILE=<dir>: the server writes a CPU profile there when it stops (to find what a figure spends).
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const [program, ...args] =
    command[0] === process.execPath ? [command[0], ...profile, ...command.slice(1)] : command;
  const child = spawn(program as string, args, {
    cwd: root,
    // Its own process group: npm start runs the server as a child, and both are stopped together.
    detached: true,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The workspace measurements send more than a user's 1,200 requests a minute; every one is still counted.
      SESSION_RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.status === 200) return { child, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
}

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  process.kill(-(child.pid as number), 'SIGTERM');
  await exited;
  // npm start's server may outlive npm by a moment: wait for the whole group to be gone.
  for (;;) {
    try {
      process.kill(-(child.pid as number), 0);
    } catch {
      return;
    }
    await sleep(10);
  }
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
/** Latency of `count` sequential GETs cycling through `paths`, in ms. */
export async function latencies(
  base: string,
  headers: Record<string, string>,
  paths: string[],
  count: number,
) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const url = `${base}${paths[i % paths.length]}`;
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  return times;
}
const BENCH_EMAIL = 'bench@callwise.local';
const BENCH_PASSWORD = 'Bench-Password-2026';

/**
 * A first start lays out the database; then, with the server stopped, a confirmed user goes in. The caller adds
 * its rows through `handle`, then closes it and calls `release` before starting the server again.
 */
export async function seedBenchUser(dataDir: string, port: number) {
  await stopServer((await startServer(dataDir, port)).child);
  const { openDatabase } = await import('@callwise/db/client');
  const { acquireDataDirLock } = await import('@callwise/db/lock');
  const { createAccountWithUser, updateUser } = await import('@callwise/db/queries/users');
  const { hashPassword } = await import('../apps/server/src/modules/auth/passwords.ts');
  const release = acquireDataDirLock(dataDir);
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  const user = await createAccountWithUser(handle.db, {
    businessName: 'Bench Clinic',
    email: BENCH_EMAIL,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    userMetadata: {},
  });
  await updateUser(handle.db, user.id, { emailConfirmedAt: new Date() });
  return { handle, release, user };
}

/** The bench user's access token, from the running server. */
export async function signInBenchUser(base: string): Promise<string> {
  const signIn = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  return ((await signIn.json()) as { access_token: string }).access_token;
}
