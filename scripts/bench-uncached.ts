// The uncached path a signed-in user takes (issue #20): `GET /v1/calls?limit=50` and `GET /v1/contacts?limit=50`
// with a session's token (never the page cache), 50 connections, on PostgreSQL (ROLE=api) and on the embedded
// PGlite (one process, every role), each next to a bare Fastify route measured in the same run. Run alone with
// `BENCH_ONLY=uncached node --import tsx scripts/bench.ts` (after `npm run build`); BENCH_CPU_PROFILE=<dir>
// writes the server's CPU profile there.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freshDatabase,
  loadGenerator,
  measure,
  median,
  type Run,
  seedBenchAccount,
  signIn,
  spawnHello,
  spawnServer,
  stop,
  waitFor,
} from './bench-load.ts';
import type { Recorder } from './bench-parts.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = { postgres: 3000, pglite: 1500 } as const;
const TARGET_P99_MS = 25;

async function engine(record: Recorder, kind: 'postgres' | 'pglite') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-uncached-'));
  const database = kind === 'postgres' ? await freshDatabase() : null;
  const children: ChildProcess[] = [];
  try {
    const { email } = await seedBenchAccount(
      database ? { url: database.url } : { dataDir: path.join(dataDir, 'pgdata') },
    );
    const apiPort = 3294;
    const helloPort = 3295;
    const profile = process.env.BENCH_CPU_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
      : [];
    const server = spawnServer(
      apiPort,
      {
        ...(database ? { DATABASE_URL: database.url, ROLE: 'api' } : {}),
        DATA_DIR: dataDir,
        JWT_SECRET: 'bench-uncached-secret-bench-uncached-0123456789',
      },
      profile,
    );
    children.push(server);
    const hello = spawnHello(helloPort);
    children.push(hello);
    const base = `http://127.0.0.1:${apiPort}`;
    const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
    await waitFor(`${base}/readyz`, server);
    await waitFor(helloUrl, hello);
    const headers = { authorization: `Bearer ${await signIn(base, email)}` };
    const urls = { calls: `${base}/v1/calls?limit=50`, contacts: `${base}/v1/contacts?limit=50` };
    for (const url of Object.values(urls)) {
      const page = (await (await fetch(url, { headers })).json()) as { data: unknown[] };
      if (page.data.length !== 50) throw new Error(`${url} answered ${page.data.length} rows, not 50`);
    }
    const load = loadGenerator(dataDir);
    await measure(load, helloUrl, {}, 3);
    await measure(load, urls.calls, headers, 3);
    await measure(load, urls.contacts, headers, 3);
    const runs = { hello: [] as Run[], calls: [] as Run[], contacts: [] as Run[] };
    const show = (run: Run | undefined) => `${Math.round(run?.rps ?? 0)} req/s p99 ${run?.p99} ms`;
    for (let round = 0; round < ROUNDS; round++) {
      runs.hello.push(await measure(load, helloUrl, {}, SECONDS));
      runs.calls.push(await measure(load, urls.calls, headers, SECONDS));
      runs.contacts.push(await measure(load, urls.contacts, headers, SECONDS));
      console.log(
        `  ${kind} round ${round + 1}: hello ${show(runs.hello.at(-1))}; calls ${show(runs.calls.at(-1))}; contacts ${show(runs.contacts.at(-1))}`,
      );
    }
    const helloRps = median(runs.hello.map((r) => r.rps));
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    record({ name: `bare Fastify hello req/s (${label} run)`, value: Math.round(helloRps), unit: 'req/s' });
    for (const [resource, list] of [
      ['calls', runs.calls],
      ['contacts', runs.contacts],
    ] as const) {
      const rps = median(list.map((r) => r.rps));
      const p99 = median(list.map((r) => r.p99));
      const name = `GET /v1/${resource}?limit=50, session, ${label}`;
      record({
        name: `${name} req/s`,
        value: Math.round(rps),
        unit: 'req/s',
        target: `>= ${TARGETS[kind]} req/s (${Math.round((rps / helloRps) * 1000) / 1000}× hello)`,
        ok: rps >= TARGETS[kind],
      });
      record({
        name: `${name} p99`,
        value: p99,
        unit: 'ms',
        target: `<= ${TARGET_P99_MS} ms`,
        ok: p99 <= TARGET_P99_MS,
      });
    }
  } finally {
    for (const child of children) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

export async function benchUncached(record: Recorder) {
  const only = process.env.BENCH_ENGINE;
  if (only !== 'pglite') await engine(record, 'postgres');
  if (only !== 'postgres') await engine(record, 'pglite');
}
