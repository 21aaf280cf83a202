// The call engine's numbers for `npm run bench`: dispatch lateness and throughput on one worker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@callwise/db/client';
import { runMigrations } from '@callwise/db/migrate';
import { createAccountWithUser } from '@callwise/db/queries/users';
import { loadConfig } from '../apps/server/src/config.ts';
import { createQueue, registerJobs } from '../apps/server/src/infra/queue.ts';
import { createJobs } from '../apps/server/src/jobs/registry.ts';
import { openServices } from '../apps/server/src/services.ts';
import { percentile, quiet, type Recorder } from './bench-parts.ts';

const CALLS = 10_000;

async function insertCalls(handle: DatabaseHandle, accountId: string, firstDueMs: number, spreadMs: number) {
  // Callees that do not answer: the carrier's whole status path runs, without audio.
  await handle.executeSql(
    `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, scheduled_at)
     SELECT $1, 'Caller ' || i, '+12025550102', 'Your appointment is tomorrow.', 'aria', 'scheduled',
            to_timestamp(($2::float8 + (i - 1) * $3::float8 / ${CALLS}) / 1000)
     FROM generate_series(1, ${CALLS}) AS i`,
    [accountId, firstDueMs, spreadMs],
  );
}

/** Runs one worker's engine on a fresh database and measures the placements of 10,000 due calls. */
async function run(kind: 'spread' | 'burst', databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-dispatch-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'b'.repeat(40),
    SIMULATOR_SPEED: '1',
    CALL_RETRY_ATTEMPTS: '0',
    CALLING_WINDOW_OVERRIDE: '00:00-24:00',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = databaseUrl
    ? await openDatabase({ url: databaseUrl, poolSize: 10 })
    : await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    await runMigrations(database);
    if (databaseUrl) await database.executeSql('TRUNCATE calls, simulator_calls, accounts CASCADE');
    const queue = createQueue(database, { supervise: false });
    await queue.start();
    const services = await openServices({ config, database, queue, log: quiet });
    await registerJobs(queue, createJobs({ config, database, queue, services }), { work: true, log: quiet });
    const user = await createAccountWithUser(database.db, {
      businessName: 'Bench Dispatch',
      email: `dispatch-${Date.now()}@callwise.local`,
      passwordHash: 'x',
      userMetadata: {},
    });
    const firstDue = Date.now() + 3000;
    await insertCalls(database, user.accountId, firstDue, kind === 'spread' ? 60_000 : 0);
    await database.executeSql('ANALYZE calls');
    const { dispatcher } = services.engine;
    if (!dispatcher) throw new Error('the bench runs the dispatcher: ROLE must not be api');
    dispatcher.recordPlacements = true;
    await services.engine.start();
    const deadline = Date.now() + 180_000;
    while (dispatcher.placements.length < CALLS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const placements = dispatcher.placements.slice();
    await services.close();
    await queue.stop({ graceful: false, close: false, wait: true });
    const lateness = placements.map(([due, placed]) => placed - due);
    const last = Math.max(...placements.map(([, placed]) => placed));
    return { placed: placements.length, lateness, seconds: (last - firstDue) / 1000 };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchDispatch(record: Recorder) {
  const engines: Array<[string, string | undefined]> = [['PGlite', undefined]];
  if (process.env.BENCH_DATABASE_URL) engines.push(['PostgreSQL', process.env.BENCH_DATABASE_URL]);
  for (const [engine, url] of engines) {
    const spread = await run('spread', url);
    if (spread.placed < CALLS) throw new Error(`only ${spread.placed} of ${CALLS} calls were placed`);
    const p99 = percentile(spread.lateness, 99);
    record({
      name: `dispatch lateness p50, 10k calls in 60 s (${engine})`,
      value: Math.round(percentile(spread.lateness, 50)),
      unit: 'ms',
    });
    record({
      name: `dispatch lateness p99, 10k calls in 60 s (${engine})`,
      value: Math.round(p99),
      unit: 'ms',
      target: '<= 500 ms',
      ok: p99 <= 500,
    });
    const burst = await run('burst', url);
    if (burst.placed < CALLS) throw new Error(`only ${burst.placed} of ${CALLS} calls were placed`);
    const rate = Math.round(CALLS / burst.seconds);
    record({
      name: `dispatch rate, 10k calls due at once (${engine})`,
      value: rate,
      unit: 'call/s',
      target: '>= 1000/s',
      ok: rate >= 1000,
    });
  }
}
