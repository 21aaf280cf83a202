// Scale-out on PostgreSQL (issue #20): uncached reads (GET /v1/calls?limit=50 with a session) and the dispatch rate
// (10,000 calls due at once) with one `ROLE=api` and one `ROLE=worker` process, then with two of each, in the same
// run. On a 2-core machine the load generator, PostgreSQL and the processes share the same two cores: the ratio
// shows what a second process adds when nothing else is free, not what it adds on a bigger machine (see
// docs/decisions/031-performance-at-scale.md). Run alone with `BENCH_ONLY=scale node --import tsx scripts/bench.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  freshDatabase,
  loadGenerator,
  measure,
  seedBenchAccount,
  serverEntry,
  signIn,
  sleep,
  stop,
  waitFor,
} from './bench-load.ts';
import type { Recorder } from './bench-parts.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CALLS = 10_000;

function startProcess(
  role: 'api' | 'worker',
  url: string,
  dataDir: string,
  port: number,
  extra: Record<string, string> = {},
): ChildProcess {
  const { DATABASE_URL: _unused, ...env } = process.env;
  return spawn(process.execPath, [serverEntry], {
    env: {
      ...env,
      DATABASE_URL: url,
      ROLE: role,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // One address for every process, as behind a load balancer: the tokens' issuer.
      PUBLIC_URL: 'http://127.0.0.1:3300',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-scale-secret-bench-scale-secret-0123456789',
      SESSION_RATE_LIMIT_PER_MINUTE: '1000000000',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Uncached reads through `count` API processes, the load split evenly between them. */
async function reads(url: string, dataDir: string, email: string, count: number) {
  const children: ChildProcess[] = [];
  try {
    const ports = Array.from({ length: count }, (_, i) => 3300 + i);
    for (const port of ports) children.push(startProcess('api', url, dataDir, port));
    for (const [i, port] of ports.entries()) {
      await waitFor(`http://127.0.0.1:${port}/readyz`, children[i] as ChildProcess);
    }
    const headers = { authorization: `Bearer ${await signIn(`http://127.0.0.1:${ports[0]}`, email)}` };
    const load = loadGenerator(dataDir);
    const connections = Math.floor(50 / count);
    const run = (seconds: number) =>
      Promise.all(
        ports.map((port) =>
          measure(load, `http://127.0.0.1:${port}/v1/calls?limit=50`, headers, seconds, connections),
        ),
      );
    await run(3);
    const runs = await run(SECONDS);
    return {
      rps: runs.reduce((sum, r) => sum + r.rps, 0),
      p99: Math.max(...runs.map((r) => r.p99)),
    };
  } finally {
    for (const child of children) await stop(child);
  }
}

/** 10,000 calls due in three seconds, placed by `count` worker processes: calls placed per second. */
async function dispatch(url: string, dataDir: string, accountId: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const children: ChildProcess[] = [];
  try {
    const batch = `Scale run with ${count} worker(s) ${Date.now()}`;
    const due = Date.now() + 3000;
    // Callees that do not answer: the carrier's whole status path runs, without audio.
    await client.query(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, scheduled_at)
       SELECT $1, 'Caller ' || i, '+12025550102', $2, 'aria', 'scheduled', to_timestamp($3::float8 / 1000)
       FROM generate_series(1, ${CALLS}) AS i`,
      [accountId, batch, due],
    );
    await client.query('ANALYZE calls');
    const engine = { SIMULATOR_SPEED: '1', CALL_RETRY_ATTEMPTS: '0', CALLING_WINDOW_OVERRIDE: '00:00-24:00' };
    for (let i = 0; i < count; i++) children.push(startProcess('worker', url, dataDir, 3310 + i, engine));
    const deadline = Date.now() + 180_000;
    for (;;) {
      const { rows } = await client.query<{ placed: number; last: number | null }>(
        `SELECT count(placed_at)::int AS placed, extract(epoch FROM max(placed_at)) * 1000 AS last
         FROM calls WHERE account_id = $1 AND message = $2`,
        [accountId, batch],
      );
      const { placed, last } = rows[0] as { placed: number; last: number | null };
      if (placed >= CALLS && last !== null) return CALLS / ((Number(last) - due) / 1000);
      if (Date.now() > deadline) throw new Error(`only ${placed} of ${CALLS} calls were placed`);
      await sleep(250);
    }
  } finally {
    for (const child of children) await stop(child);
    await client.end();
  }
}

export async function benchScale(record: Recorder) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-scale-'));
  try {
    const { email, accountId } = await seedBenchAccount({ url: database.url });
    const one = { reads: await reads(database.url, dataDir, email, 1), rate: 0 };
    one.rate = await dispatch(database.url, dataDir, accountId, 1);
    const two = { reads: await reads(database.url, dataDir, email, 2), rate: 0 };
    two.rate = await dispatch(database.url, dataDir, accountId, 2);
    for (const [label, figures] of [
      ['1 api + 1 worker', one],
      ['2 api + 2 worker', two],
    ] as const) {
      record({
        name: `uncached reads, ${label} (PostgreSQL) req/s`,
        value: Math.round(figures.reads.rps),
        unit: 'req/s',
      });
      record({ name: `uncached reads, ${label} (PostgreSQL) p99`, value: figures.reads.p99, unit: 'ms' });
      record({
        name: `dispatch rate, ${label} (PostgreSQL)`,
        value: Math.round(figures.rate),
        unit: 'call/s',
      });
    }
    record({
      name: 'two processes ÷ one: uncached reads',
      value: Math.round((two.reads.rps / one.reads.rps) * 100) / 100,
      unit: '×',
    });
    record({
      name: 'two processes ÷ one: dispatch rate',
      value: Math.round((two.rate / one.rate) * 100) / 100,
      unit: '×',
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}
