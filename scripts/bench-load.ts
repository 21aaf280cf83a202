// What the HTTP measurements of `npm run bench` share: the server and a bare Fastify in their own processes, the
// load generator (wrk when the machine has it, else autocannon), a fresh PostgreSQL database.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@callwise/db/client';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built server (`npm run build`). */
export const serverEntry = path.join(root, 'apps/server/dist/server.js');

export const CONNECTIONS = 50;
export const SECONDS = 10;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare Fastify with one route, in its own process like the server. */
const HELLO = `
const Fastify = require(${JSON.stringify(path.join(root, 'node_modules/fastify'))});
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

/** This process's environment without its DATABASE_URL: a bench names the database its server measures. */
function childEnv() {
  const { DATABASE_URL: _unused, ...env } = process.env;
  return env;
}

/**
 * The built server on 127.0.0.1:`port`, as in production (warnings only in the log), with `env` added (its
 * database, data folder, secret). Every session request is counted, none refused: the limiter's own cost is part
 * of the measurement.
 */
export function spawnServer(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, serverEntry], {
    env: {
      ...childEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SESSION_RATE_LIMIT_PER_MINUTE: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The bare Fastify hello (HELLO) on 127.0.0.1:`port`. */
export function spawnHello(port: number): ChildProcess {
  return spawn(process.execPath, ['-e', HELLO], {
    env: { ...childEnv(), PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitFor(url: string, child: ChildProcess, headers: Record<string, string> = {}) {
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

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export type Run = { rps: number; p99: number };

/**
 * The load comes from wrk (C, one thread) when the machine has it: on a small machine the load generator shares
 * the cores with the server, and autocannon (JavaScript) needs about a core for itself (10 s against the hello
 * endpoint: 8.9 s of CPU, wrk 4.6 s, most of it the kernel's loopback work). Without wrk (`apt-get install
 * wrk`), autocannon measures instead, and the bench says so.
 */
export const hasWrk = () => !spawnSync('wrk', ['--version']).error;

/** wrk prints the run as one JSON line when it ends. */
export const WRK_REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`;

/** How a run is measured: wrk with its report script, or autocannon. */
export type Load = { wrkScript: string } | null;

/**
 * One wrk run (one thread) against `url` with `headers`, its report script `script` printing one JSON line that
 * starts with `{"requests"`: that line, parsed.
 */
export async function runWrk<Report>(
  url: string,
  headers: Record<string, string>,
  options: { seconds: number; connections: number; timeout: string; script: string },
): Promise<Report> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', options.timeout];
  args.push('-s', options.script);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const output = await new Promise<string>((resolve, reject) =>
    execFile('wrk', args, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const line = output.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no report for ${url}:\n${output}`);
  return JSON.parse(line) as Report;
}

async function measureWithWrk(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  script: string,
  connections: number,
): Promise<Run & { non2xx: number; errors: number }> {
  const report = await runWrk<{
    requests: number;
    duration_us: number;
    p99_us: number;
    errors: number;
    non2xx: number;
  }>(url, headers, { seconds, connections, timeout: '10s', script });
  return {
    rps: report.requests / (report.duration_us / 1e6),
    p99: Math.round(report.p99_us / 100) / 10,
    non2xx: report.non2xx,
    errors: report.errors,
  };
}

export async function measure(
  load: Load,
  url: string,
  headers: Record<string, string>,
  seconds = SECONDS,
  connections = CONNECTIONS,
): Promise<Run> {
  let run: Run & { non2xx: number; errors: number };
  if (load) {
    run = await measureWithWrk(url, headers, seconds, load.wrkScript, connections);
  } else {
    const result = await autocannon({ url, connections, duration: seconds, headers });
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

/** The middle value (upper middle of an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh database: BENCH_DATABASE_URL as given, or a new one on the local PostgreSQL server (dropped after). */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
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

/**
 * wrk with its report script (`report`, WRK_REPORT by default) written into `dir`, or null (autocannon, or
 * another JavaScript client) when the machine has no wrk.
 */
export function loadGenerator(dir: string, report = WRK_REPORT): Load {
  if (!hasWrk()) return null;
  const wrkScript = path.join(dir, 'report.lua');
  writeFileSync(wrkScript, report);
  return { wrkScript };
}

const PASSWORD = 'Bench-Password-2026';

/**
 * A confirmed user on the Professional plan with 1,000 completed calls and 1,000 contacts, in a fresh database
 * (migrated here); `more` adds what one measurement needs besides.
 */
export async function seedBenchAccount(
  target: { url: string } | { dataDir: string },
  more?: (handle: DatabaseHandle, user: { id: string; accountId: string }) => Promise<void>,
): Promise<{ email: string; accountId: string }> {
  const { openDatabase } = await import('@callwise/db/client');
  const { runMigrations } = await import('@callwise/db/migrate');
  const { createAccountWithUser } = await import('@callwise/db/queries/users');
  const { hashPassword } = await import('../apps/server/src/modules/auth/passwords.ts');
  const handle = await openDatabase('url' in target ? { url: target.url, poolSize: 2 } : target);
  try {
    await runMigrations(handle);
    const email = `bench-${Date.now()}@callwise.local`;
    const user = await createAccountWithUser(handle.db, {
      businessName: 'Bench Clinic',
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
    // A history's webhooks went out when its calls ended: the seeded calls' deliveries (queued by the calls'
    // trigger) are delivered, not 1,000 posts to an unreachable address retried during the measurement.
    await handle.executeSql(
      `UPDATE webhook_deliveries SET state = 'delivered', delivered_at = created_at WHERE account_id = $1`,
      [user.accountId],
    );
    await handle.executeSql(
      `INSERT INTO contacts (account_id, name, phone, email, company, tags, consent)
       SELECT $1, 'Patient ' || g, '+1202' || lpad((3000000 + g)::text, 7, '0'), 'patient' || g || '@example.com',
         'Company ' || (g % 50), ARRAY['vip'], 'informational'
       FROM generate_series(1, 1000) AS g`,
      [user.accountId],
    );
    await handle.executeSql('VACUUM (ANALYZE) calls');
    await handle.executeSql('VACUUM (ANALYZE) contacts');
    await more?.(handle, user);
    return { email, accountId: user.accountId };
  } finally {
    await handle.close();
  }
}

export async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
