// The public API's numbers for `npm run bench`: GET /v1/calls (50 rows, API key, PostgreSQL) against the built
// server, next to a bare Fastify hello endpoint measured in the same run. Run alone with
// `node --import tsx scripts/bench-api.ts` (after `npm run build`).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

const ROUNDS = 5;

/** The shared bench account (bench-load.ts) with an API key besides. */
async function seed(url: string): Promise<{ key: string; email: string }> {
  const { insertApiKey } = await import('@callwise/db/queries/api-keys');
  const { generateApiKey } = await import('../apps/server/src/modules/api-keys/api-keys.service.ts');
  const key = generateApiKey();
  const { email } = await seedBenchAccount({ url }, async (handle, user) => {
    await insertApiKey(
      handle.db,
      { accountId: user.accountId, createdBy: user.id, name: 'Bench', prefix: key.prefix, keyHash: key.hash },
      20,
    );
  });
  return { key: key.key, email };
}

export async function benchApi(record: Recorder) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-api-'));
  const children: ChildProcess[] = [];
  try {
    const { key, email } = await seed(database.url);
    const apiPort = 3292;
    const helloPort = 3293;
    const server = spawnServer(apiPort, {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ROLE: 'api',
      JWT_SECRET: 'bench-api-secret-bench-api-secret-0123456789',
      // Every request with an API key is counted too.
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
    });
    children.push(server);
    const hello = spawnHello(helloPort);
    children.push(hello);

    const apiUrl = `http://127.0.0.1:${apiPort}/v1/calls?limit=50`;
    const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
    const headers = { authorization: `Bearer ${key}` };
    await waitFor(apiUrl, server, headers);
    await waitFor(helloUrl, hello);
    const page = (await (await fetch(apiUrl, { headers })).json()) as { data: unknown[] };
    if (page.data.length !== 50) throw new Error(`GET /v1/calls answered ${page.data.length} rows, not 50`);

    // Warm both up, then alternate, so that both see the same machine.
    const load = loadGenerator(dataDir);
    console.log(
      `  load from ${load ? 'wrk' : 'autocannon (install wrk to leave the server more of the machine)'}`,
    );
    await measure(load, helloUrl, {}, 3);
    await measure(load, apiUrl, headers, 3);
    // What Node's fetch and Python's requests send by default: the cached page goes out compressed.
    const compressed = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
    const runs = { hello: [] as Run[], api: [] as Run[], apiCompressed: [] as Run[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.hello.push(await measure(load, helloUrl, {}));
      runs.api.push(await measure(load, apiUrl, headers));
      runs.apiCompressed.push(await measure(load, apiUrl, compressed));
      const show = (run: Run | undefined) => `${Math.round(run?.rps ?? 0)} req/s p99 ${run?.p99} ms`;
      console.log(
        `  round ${round + 1}: hello ${show(runs.hello.at(-1))}; API ${show(runs.api.at(-1))}; compressed ${show(runs.apiCompressed.at(-1))}`,
      );
    }
    const helloRps = median(runs.hello.map((r) => r.rps));
    record({ name: 'bare Fastify hello req/s (50 connections)', value: Math.round(helloRps), unit: 'req/s' });
    record({ name: 'bare Fastify hello p99', value: median(runs.hello.map((r) => r.p99)), unit: 'ms' });
    for (const [label, list] of [
      ['API key', runs.api],
      ['API key, Accept-Encoding br', runs.apiCompressed],
    ] as const) {
      const rps = median(list.map((r) => r.rps));
      const p99 = median(list.map((r) => r.p99));
      const ratio = rps / helloRps;
      record({ name: `GET /v1/calls?limit=50 (${label}) req/s`, value: Math.round(rps), unit: 'req/s' });
      record({
        name: `GET /v1/calls?limit=50 (${label}) ÷ hello`,
        value: Math.round(ratio * 100) / 100,
        unit: '×',
        target: '>= 0.30',
        ok: ratio >= 0.3,
      });
      record({
        name: `GET /v1/calls?limit=50 (${label}) p99`,
        value: p99,
        unit: 'ms',
        target: '<= 10 ms',
        ok: p99 <= 10,
      });
    }

    // For comparison: the web app's own requests (a signed-in session) are never cached, so every one is
    // authenticated and read from the database.
    const token = await signIn(`http://127.0.0.1:${apiPort}`, email);
    const session = await measure(load, apiUrl, { authorization: `Bearer ${token}` });
    record({
      name: 'GET /v1/calls?limit=50, session (no page cache) req/s',
      value: Math.round(session.rps),
      unit: 'req/s',
    });
    record({ name: 'GET /v1/calls?limit=50, session (no page cache) p99', value: session.p99, unit: 'ms' });
  } finally {
    for (const child of children) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchApi((m) => {
    const verdict = m.ok === undefined ? '' : m.ok ? '  ok' : '  MISSED';
    console.log(
      `${m.name.padEnd(58)} ${String(m.value).padStart(8)} ${m.unit.padEnd(6)} ${m.target ?? ''}${verdict}`,
    );
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
