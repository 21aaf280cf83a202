// The public API's numbers for `npm run bench`: GET /v1/calls (50 rows, API key, PostgreSQL) against the built
// server, next to a bare Fastify hello endpoint measured in the same run. Run alone with
// `node --import tsx scripts/bench-api.ts` (after `npm run build`).
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Recorder } from './bench-parts.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const CONNECTIONS = 50;
const SECONDS = 10;
const ROUNDS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare Fastify with one route, in its own process like the server. */
const HELLO = `
const Fastify = require(${JSON.stringify(path.join(root, 'node_modules/fastify'))});
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

async function waitFor(url: string, child: ChildProcess, headers: Record<string, string> = {}) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { headers });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

type Run = { rps: number; p99: number };

/**
 * The load comes from wrk (C, one thread) when the machine has it: on a small machine the load generator shares
 * the cores with the server, and autocannon (JavaScript) needs about a core for itself (10 s against the hello
 * endpoint: 8.9 s of CPU, wrk 4.6 s, most of it the kernel's loopback work). Without wrk (`apt-get install
 * wrk`), autocannon measures instead, and the bench says so.
 */
const hasWrk = () => !spawnSync('wrk', ['--version']).error;

/** wrk prints the run as one JSON line when it ends. */
const WRK_REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`;

/** How a run is measured: wrk with its report script, or autocannon. */
type Load = { wrkScript: string } | null;

async function measureWithWrk(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  script: string,
): Promise<Run & { non2xx: number; errors: number }> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', script];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const output = await new Promise<string>((resolve, reject) =>
    execFile('wrk', args, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const line = output.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no report for ${url}:\n${output}`);
  const report = JSON.parse(line) as {
    requests: number;
    duration_us: number;
    p99_us: number;
    errors: number;
    non2xx: number;
  };
  return {
    rps: report.requests / (report.duration_us / 1e6),
    p99: Math.round(report.p99_us / 100) / 10,
    non2xx: report.non2xx,
    errors: report.errors,
  };
}

async function measure(
  load: Load,
  url: string,
  headers: Record<string, string>,
  seconds = SECONDS,
): Promise<Run> {
  let run: Run & { non2xx: number; errors: number };
  if (load) {
    run = await measureWithWrk(url, headers, seconds, load.wrkScript);
  } else {
    const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
    run = {
      rps: result.requests.average,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  }
  if (run.non2xx > 0 || run.errors > 0) {
    throw new Error(`${url}: ${run.non2xx} non-2xx answers and ${run.errors} errors`);
  }
  return { rps: run.rps, p99: run.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh database: BENCH_DATABASE_URL as given, or a new one on the local PostgreSQL server (dropped after). */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL)
    return { url: process.env.BENCH_DATABASE_URL, drop: async () => undefined };
  const server = 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `callwise_bench_api_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: databaseUrlWithName(server, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const PASSWORD = 'Bench-Password-2026';

/** An account on the Professional plan with 1,000 calls, an API key, and a user who can sign in. */
async function seed(url: string): Promise<{ key: string; email: string }> {
  const { openDatabase } = await import('@callwise/db/client');
  const { runMigrations } = await import('@callwise/db/migrate');
  const { createAccountWithUser } = await import('@callwise/db/queries/users');
  const { insertApiKey } = await import('@callwise/db/queries/api-keys');
  const { generateApiKey } = await import('../apps/server/src/modules/api-keys/api-keys.service.ts');
  const { hashPassword } = await import('../apps/server/src/modules/auth/passwords.ts');
  const handle = await openDatabase({ url, poolSize: 2 });
  try {
    await runMigrations(handle);
    const email = `bench-api-${Date.now()}@callwise.local`;
    const user = await createAccountWithUser(handle.db, {
      businessName: 'Bench API',
      email,
      passwordHash: await hashPassword(PASSWORD),
      userMetadata: {},
    });
    await handle.executeSql(`UPDATE accounts SET plan = 'professional' WHERE id = $1`, [user.accountId]);
    await handle.executeSql('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.id]);
    await handle.executeSql(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, outcome, attempts, duration,
         cost, started_at, ended_at, estimated_duration, callback_url, created_at, scheduled_at)
       SELECT $1, 'Recipient ' || g, '+1202555' || lpad((g % 10000)::text, 4, '0'),
         'Hi Recipient ' || g || ', this is Harbor Dental reminding you of your cleaning tomorrow at 10 AM.', 'aria',
         'completed', 'confirmed', 1, 20 + g % 60, 0.05, now() - make_interval(secs => g * 60),
         now() - make_interval(secs => g * 60 - 30), 24, 'https://example.com/webhooks/callwise',
         now() - make_interval(secs => g * 60), now() - make_interval(secs => g * 60)
       FROM generate_series(1, 1000) AS g`,
      [user.accountId],
    );
    await handle.executeSql('ANALYZE calls');
    const key = generateApiKey();
    await insertApiKey(
      handle.db,
      { accountId: user.accountId, createdBy: user.id, name: 'Bench', prefix: key.prefix, keyHash: key.hash },
      20,
    );
    return { key: key.key, email };
  } finally {
    await handle.close();
  }
}

export async function benchApi(record: Recorder) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-api-'));
  const children: ChildProcess[] = [];
  try {
    const { key, email } = await seed(database.url);
    const apiPort = 3292;
    const helloPort = 3293;
    const { DATABASE_URL: _unused, ...env } = process.env;
    const server = spawn(process.execPath, [serverEntry], {
      env: {
        ...env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        ROLE: 'api',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'bench-api-secret-bench-api-secret-0123456789',
        // Every request is counted, none refused: the limiter's own cost is part of the measurement.
        API_RATE_LIMIT_PER_MINUTE: '1000000000',
        SESSION_RATE_LIMIT_PER_MINUTE: '1000000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(server);
    const hello = spawn(process.execPath, ['-e', HELLO], {
      env: { ...env, PORT: String(helloPort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(hello);

    const apiUrl = `http://127.0.0.1:${apiPort}/v1/calls?limit=50`;
    const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
    const headers = { authorization: `Bearer ${key}` };
    await waitFor(apiUrl, server, headers);
    await waitFor(helloUrl, hello);
    const page = (await (await fetch(apiUrl, { headers })).json()) as { data: unknown[] };
    if (page.data.length !== 50) throw new Error(`GET /v1/calls answered ${page.data.length} rows, not 50`);

    // Warm both up, then alternate, so that both see the same machine.
    let load: Load = null;
    if (hasWrk()) {
      load = { wrkScript: path.join(dataDir, 'report.lua') };
      writeFileSync(load.wrkScript, WRK_REPORT);
    }
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
    const signIn = await fetch(`http://127.0.0.1:${apiPort}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
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
