// One account with many calls: the read paths of the call history (summary with its filters, the dashboard, the
// list's first and second pages and its filters and search) with a session's token, one request at a time, at
// 100,000 calls and again at 1,000,000, on PostgreSQL (ROLE=all) and on the embedded PGlite. The calls go in with
// SQL, spread like a real account's: a year of history, 20 campaigns, a tenth inbound, mostly ended calls with a
// few scheduled ahead or still live, outcomes, handled ones, and names from a pool of a few thousand (besides the
// 1,000 calls seedBenchAccount gives every bench account). Run alone with
// `BENCH_ONLY=million node --import tsx scripts/bench.ts` (after `npm run build`); BENCH_ENGINE=postgres|pglite
// runs one engine; BENCH_MAX_CALLS=100000 stops after the first size. The requests come from wrk, one
// connection, for BENCH_ADDRESS_SECONDS_WRK (3 s) per address; without wrk, from fetch: BENCH_REQUESTS per address
// (200; fewer, at least 20, when they take longer than BENCH_ADDRESS_SECONDS, 60 s).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@callwise/db/client';
import { foldCallCounts, vacuumCallCountChanges } from '@callwise/db/queries/call-counts';
import {
  freshDatabase,
  loadGenerator,
  runWrk,
  seedBenchAccount,
  serverEntry,
  signIn,
  sleep,
  stop,
  waitFor,
} from './bench-load.ts';
import { percentile, type Recorder } from './bench-parts.ts';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** With wrk: how long each address is asked, one request at a time (BENCH_ADDRESS_SECONDS_WRK, 3 s). */
const WRK_SECONDS = Number(process.env.BENCH_ADDRESS_SECONDS_WRK ?? 3);
const WARM_UP = 20;
/** How long one address is measured at most (BENCH_ADDRESS_SECONDS, 60 s; a quarter of it to warm up). */
const BUDGET_MS = Number(process.env.BENCH_ADDRESS_SECONDS ?? 60) * 1000;
const WARM_UP_BUDGET_MS = BUDGET_MS / 4;
const TARGET_P99_MS = 20;
const CHUNK = 100_000;
/** The sizes measured, up to BENCH_MAX_CALLS (all by default). */
const SIZES = [100_000, 1_000_000].filter((n) => n <= Number(process.env.BENCH_MAX_CALLS ?? Infinity));
const CAMPAIGNS = 20;

// biome-ignore format: a pool of names, kept compact
const FIRST_NAMES = [
  'Ava', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Farid', 'Grace', 'Hugo', 'Isabel', 'Jonas', 'Keira', 'Liam', 'Maya',
  'Noah', 'Olivia', 'Pedro', 'Quinn', 'Rosa', 'Samuel', 'Tara', 'Umar', 'Violet', 'William', 'Ximena', 'Yusuf',
  'Zoe', 'Aaron', 'Bianca', 'Caleb', 'Delia', 'Ethan', 'Fiona', 'Gabriel', 'Hannah', 'Ivan', 'Julia', 'Kevin',
  'Laura', 'Marcus', 'Nina',
];
/** 120 last names: each is about 0.8% of the calls; none is part of another name. */
// biome-ignore format: a pool of names, kept compact
const LAST_NAMES = [
  'Abernathy', 'Blackwood', 'Castellano', 'Dempsey', 'Eriksen', 'Fairbanks', 'Gallagher', 'Hargrove', 'Ibarra',
  'Jablonski', 'Kowalczyk', 'Lindqvist', 'Mcallister', 'Nakamura', 'Okonkwo', 'Pemberton', 'Quintero', 'Rasmussen',
  'Sandoval', 'Thornbury', 'Underhill', 'Valdivia', 'Whitfield', 'Yamamoto', 'Zielinski', 'Ashcroft', 'Brennan',
  'Carmichael', 'Delacroix', 'Espinoza', 'Fitzgerald', 'Goldberg', 'Holloway', 'Ingram', 'Jorgensen', 'Kaminski',
  'Lockhart', 'Montgomery', 'Novak', 'Oyelaran', 'Prescott', 'Quigley', 'Romanov', 'Schaefer', 'Templeton',
  'Urquhart', 'Vasquez', 'Winslow', 'Yardley', 'Zamora', 'Albrecht', 'Beaumont', 'Cavanaugh', 'Donnelly',
  'Eastwood', 'Ferreira', 'Gutierrez', 'Hawthorne', 'Iglesias', 'Jankowski', 'Kirkpatrick', 'Lombardi',
  'Macintyre', 'Nordstrom', 'Ostrowski', 'Pacheco', 'Radcliffe', 'Sorensen', 'Tanaka', 'Uchenna', 'Villanueva',
  'Wakefield', 'Yoshida', 'Zapata', 'Arbuckle', 'Bergstrom', 'Chamberlain', 'Dubois', 'Eckhart', 'Fontaine',
  'Grimaldi', 'Hoffmann', 'Ivanova', 'Jimenez', 'Kensington', 'Lancaster', 'Moreau', 'Nightingale', 'Oduya',
  'Petrakis', 'Rutherford', 'Stanhope', 'Trevino', 'Umberfield', 'Vandermeer', 'Weatherby', 'Yancey', 'Zellweger',
  'Atherton', 'Bjornsson', 'Cortazar', 'Drummond', 'Esposito', 'Fairweather', 'Gunnarsson', 'Halvorsen',
  'Iwasaki', 'Kingsley', 'Larochelle', 'Mendelsohn', 'Ortega', 'Pettigrew', 'Rosenthal', 'Sinclair', 'Tolliver',
  'Valentino', 'Wexford', 'Yeager', 'Zimmerman', 'Beauregard',
];
/** The last name searched for. */
const SEARCH = 'whitfield';

/** The calls numbered `from`..`to` of the account: a year of history, spread like a real account's. */
const INSERT_CALLS = `
INSERT INTO calls (account_id, campaign_id, recipient_name, phone, call_type, direction, message, voice, scheduled_at,
  status, outcome, attempts, placed_at, started_at, ended_at, duration, cost, answered_by, failure_reason,
  message_alerted_at, handled_at, created_at, updated_at)
SELECT $1, campaign_id, recipient_name, phone, call_type, direction,
  'Hi ' || recipient_name || ', this is Harbor Dental about your appointment.', 'aria',
  CASE WHEN status = 'scheduled' THEN now() + make_interval(secs => 86400 + rt * 30 * 86400) ELSE created_at END,
  status, outcome, attempts, placed_at, started_at, ended_at, duration, cost,
  CASE WHEN status = 'completed' AND direction = 'outbound'
    THEN CASE WHEN outcome = 'voicemail' THEN 'machine' ELSE 'human' END END,
  CASE WHEN status = 'failed' THEN 'The carrier could not reach the number' END,
  -- The e-mails about messages went out long ago.
  CASE WHEN outcome IN ('message_taken', 'callback_requested') THEN coalesce(ended_at, created_at) END,
  CASE WHEN rh < 0.7 AND created_at < now() - interval '2 days'
      AND (outcome IN ('reschedule_requested', 'cancelled', 'message_taken', 'callback_requested')
        OR status IN ('failed', 'busy', 'no-answer'))
    THEN ended_at + interval '4 hours' END,
  created_at, coalesce(ended_at, started_at, created_at)
FROM (
  SELECT *,
    CASE
      WHEN status = 'completed' AND direction = 'inbound' THEN CASE
        WHEN ro < 0.40 THEN 'message_taken' WHEN ro < 0.60 THEN 'callback_requested'
        WHEN ro < 0.80 THEN 'transferred' WHEN ro < 0.82 THEN 'transfer_failed' END
      WHEN status = 'completed' THEN CASE
        WHEN ro < 0.40 THEN 'confirmed' WHEN ro < 0.55 THEN 'voicemail' WHEN ro < 0.63 THEN 'rescheduled'
        WHEN ro < 0.66 THEN 'reschedule_requested' WHEN ro < 0.71 THEN 'cancelled' WHEN ro < 0.76 THEN 'no_response'
        WHEN ro < 0.77 THEN 'opted_out' WHEN ro < 0.78 THEN 'wrong_number' WHEN ro < 0.80 THEN 'callback_requested'
        WHEN ro < 0.82 THEN 'message_taken' WHEN ro < 0.84 THEN 'transferred' END
    END AS outcome,
    CASE WHEN status IN ('scheduled', 'canceled') THEN 0 WHEN status IN ('failed', 'busy', 'no-answer')
      THEN 1 + floor(rd * 3)::int ELSE 1 END AS attempts,
    CASE WHEN status NOT IN ('scheduled', 'canceled') AND direction = 'outbound'
      THEN created_at + interval '2 seconds' END AS placed_at,
    CASE WHEN status IN ('completed', 'in-progress') THEN created_at + interval '7 seconds' END AS started_at,
    CASE WHEN status = 'completed' THEN created_at + make_interval(secs => 7 + duration)
      WHEN status IN ('failed', 'busy', 'no-answer') THEN created_at + interval '30 seconds' END AS ended_at,
    CASE WHEN status = 'completed' THEN round(duration * 0.002, 4)
      WHEN status IN ('failed', 'busy', 'no-answer') THEN 0 END AS cost
  FROM (
    SELECT *,
      ($2::text[])[1 + person % ${FIRST_NAMES.length}] || ' ' || ($3::text[])[1 + person / ${FIRST_NAMES.length}]
        AS recipient_name,
      '+1' || (201 + person % 700)::text || lpad(((person * 7919) % 10000000)::text, 7, '0') AS phone,
      CASE WHEN direction = 'outbound' AND rc < 0.4 THEN ($4::uuid[])[1 + floor(rc / 0.4 * ${CAMPAIGNS})::int] END
        AS campaign_id,
      CASE WHEN direction = 'inbound' THEN 'custom' WHEN rc < 0.4 THEN 'appointment-reminder'
        ELSE (ARRAY['appointment-reminder', 'order-confirmation', 'follow-up', 'service-reminder', 'promotional',
          'custom'])[1 + floor((rc - 0.4) / 0.6 * 6)::int] END AS call_type,
      CASE WHEN status = 'completed' THEN 15 + floor(rdur * 150)::int
        WHEN status IN ('failed', 'busy', 'no-answer') THEN 0 END AS duration,
      CASE WHEN status = 'scheduled' THEN now() - make_interval(secs => rt * 14 * 86400)
        WHEN status IN ('ringing', 'in-progress') THEN now() - make_interval(secs => rt * 60)
        ELSE now() - make_interval(secs => rt * 365 * 86400) END AS created_at
    FROM (
      SELECT *,
        CASE WHEN rs < 0.020 THEN 'scheduled' WHEN rs < 0.022 THEN 'ringing' WHEN rs < 0.024 THEN 'in-progress'
          WHEN rs < 0.034 THEN 'canceled' WHEN rs < 0.680 THEN 'completed' WHEN rs < 0.850 THEN 'no-answer'
          WHEN rs < 0.920 THEN 'busy' ELSE 'failed' END AS status,
        -- A tenth of the calls: the completed ones people made to the business.
        CASE WHEN rs >= 0.034 AND rs < 0.680 AND rd < 0.155 THEN 'inbound' ELSE 'outbound' END AS direction,
        floor(rp * ${FIRST_NAMES.length * LAST_NAMES.length})::int AS person
      FROM (
        SELECT g, random() AS rs, random() AS ro, random() AS rd, random() AS rc, random() AS rh, random() AS rp,
          random() AS rt, random() AS rdur
        FROM generate_series($5::int, $6::int) AS g
      ) AS r
    ) AS s
  ) AS t
) AS u`;

type Sql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** 20 campaigns over the year; their ids. */
async function insertCampaigns(sql: Sql, accountId: string): Promise<string[]> {
  const { rows } = await sql(
    `INSERT INTO campaigns (account_id, name, call_type, voice, status, starts_at, requested, created_at)
     SELECT $1, 'Campaign ' || g, 'appointment-reminder', 'aria', 'active',
       now() - make_interval(days => 365 - g * 18), 0, now() - make_interval(days => 365 - g * 18)
     FROM generate_series(1, ${CAMPAIGNS}) AS g
     RETURNING id`,
    [accountId],
  );
  return rows.map((row) => String(row.id));
}

/** Calls `from`..`to` (1-based) of the account, in statements of 100,000, then the planner's statistics. */
async function insertCalls(sql: Sql, accountId: string, campaignIds: string[], from: number, to: number) {
  const started = performance.now();
  for (let first = from; first <= to; first += CHUNK) {
    const last = Math.min(to, first + CHUNK - 1);
    await sql(INSERT_CALLS, [accountId, FIRST_NAMES, LAST_NAMES, campaignIds, first, last]);
  }
  const inserted = performance.now();
  // VACUUM as well as ANALYZE: the steady state, as after autovacuum (or, on PGlite, the hourly maintenance job)
  // has passed over the new rows; otherwise it may start in the middle of a measurement.
  await sql('VACUUM (ANALYZE) calls');
  console.log(
    `  inserted calls ${from.toLocaleString('en')}–${to.toLocaleString('en')} in ${Math.round((inserted - started) / 100) / 10} s, ` +
      `VACUUM (ANALYZE) ${Math.round((performance.now() - inserted) / 100) / 10} s`,
  );
}

/** When the count changes are folded into rollups in the background: wait until none is left (up to 120 s). */
async function waitForRollups(sql: Sql) {
  const { rows } = await sql(`SELECT to_regclass('call_count_changes') IS NOT NULL AS present`);
  if (!rows[0]?.present) {
    console.log('  no call_count_changes table: nothing to wait for');
    return;
  }
  const started = performance.now();
  const count = async () =>
    Number((await sql('SELECT count(*)::int AS n FROM call_count_changes')).rows[0]?.n ?? 0);
  const before = await count();
  for (;;) {
    const pending = await sql('SELECT EXISTS (SELECT 1 FROM call_count_changes) AS pending');
    if (!pending.rows[0]?.pending) break;
    // The fold runs at least every 15 s: when nothing has gone after 30 s, the server does not fold (one built
    // before the fold existed; its reads do not use the rollups).
    if (performance.now() - started > 30_000 && (await count()) >= before) {
      console.log(
        `  WARNING: the server folds none of the ${before} rows of call_count_changes; measuring anyway`,
      );
      return;
    }
    if (performance.now() - started > 120_000) {
      console.log(
        `  WARNING: call_count_changes still holds ${await count()} rows after 120 s; measuring anyway`,
      );
      return;
    }
    await sleep(200);
  }
  console.log(`  call_count_changes emptied in ${Math.round(performance.now() - started)} ms`);
  // The fold's VACUUM of call_count_changes (after 10,000 changes) and autovacuum after the bulk insert run for
  // seconds after it: the steady state is measured, as for the calls' own VACUUM above (up to 60 s).
  const settling = performance.now();
  for (;;) {
    const { rows } = await sql(
      'SELECT count(*)::int AS n FROM pg_stat_progress_vacuum WHERE datname = current_database()',
    );
    if (Number(rows[0]?.n ?? 0) === 0) break;
    if (performance.now() - settling > 60_000) {
      console.log('  WARNING: a VACUUM still runs after 60 s; measuring anyway');
      break;
    }
    await sleep(200);
  }
  if (performance.now() - settling > 200) {
    console.log(`  waited ${Math.round(performance.now() - settling)} ms for VACUUM to end`);
  }
}

function startServer(dataDir: string, port: number, url: string | null): ChildProcess {
  const { DATABASE_URL: _unused, ...env } = process.env;
  return spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry], {
    env: {
      ...env,
      ...(url ? { DATABASE_URL: url } : {}),
      ROLE: 'all',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-million-secret-bench-million-secret-0123456789',
      // Every request is counted, none refused.
      SESSION_RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function get(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return body;
}

/** wrk's report of a run: requests, errors, and the 50th and 99th percentiles of its answers' times (µs). */
const WRK_ONE_AT_A_TIME = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout,
    e.status))
end
`;

type Latency = { p50: number; p99: number; requests: number };

/**
 * One request at a time for WRK_SECONDS from wrk (C): the p50 and p99 it measured, in ms. A JavaScript client's
 * own pauses (its collector, undici's bookkeeping) showed as the server's: one request in a hundred took 15-45 ms
 * from fetch while the server answered it in 3 (decision 032).
 */
async function latencyFromWrk(
  url: string,
  headers: Record<string, string>,
  script: string,
): Promise<Latency> {
  const report = await runWrk<{
    requests: number;
    p50_us: number;
    p99_us: number;
    errors: number;
    non2xx: number;
  }>(url, headers, { seconds: WRK_SECONDS, connections: 1, timeout: '30s', script });
  if (report.errors > 0 || report.non2xx > 0 || report.requests === 0) {
    throw new Error(`${url}: ${report.non2xx} non-2xx answers and ${report.errors} errors from wrk`);
  }
  return { p50: report.p50_us / 1000, p99: report.p99_us / 1000, requests: report.requests };
}

/** REQUESTS one at a time through fetch, when the machine has no wrk. */
async function latencyFromFetch(url: string, headers: Record<string, string>): Promise<Latency> {
  const times: number[] = [];
  const end = performance.now() + BUDGET_MS;
  while (times.length < REQUESTS && (times.length < 20 || performance.now() < end)) {
    const t0 = performance.now();
    await get(url, headers);
    times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length };
}

/** Each address in turn: 20 warm-up requests, then one request at a time (wrk, else fetch); p50 and p99 recorded. */
async function measureReads(
  record: Recorder,
  base: string,
  headers: Record<string, string>,
  campaignId: string,
  label: string,
  /** Where wrk's report script is written (removed with it by the caller). */
  dataDir: string,
) {
  const firstPage = JSON.parse(await get(`${base}/v1/calls?limit=50`, headers)) as {
    data: unknown[];
    next_cursor: string | null;
  };
  if (firstPage.data.length !== 50 || !firstPage.next_cursor) {
    throw new Error(`the first page has ${firstPage.data.length} calls and no next_cursor`);
  }
  const search = encodeURIComponent(SEARCH);
  const filters = [
    'status=failed',
    'outcome=confirmed',
    `campaign_id=${campaignId}`,
    'view=needs_attention',
    `q=${search}`,
  ];
  const paths = [
    '/v1/calls/summary',
    ...filters.map((f) => `/v1/calls/summary?${f}`),
    '/v1/dashboard',
    '/v1/calls?limit=50',
    `/v1/calls?limit=50&cursor=${encodeURIComponent(firstPage.next_cursor)}`,
    ...[...filters.slice(0, 4), 'direction=inbound', `q=${search}`].map((f) => `/v1/calls?limit=50&${f}`),
  ];
  const wrkScript = loadGenerator(dataDir, WRK_ONE_AT_A_TIME)?.wrkScript ?? null;
  for (const p of paths) {
    const url = `${base}${p}`;
    // A slow address (seconds an answer) gets fewer requests: at least 3 to warm up, 20 measured.
    const warmUpEnd = performance.now() + WARM_UP_BUDGET_MS;
    for (let i = 0; i < WARM_UP && (i < 3 || performance.now() < warmUpEnd); i++) await get(url, headers);
    const latency = wrkScript
      ? await latencyFromWrk(url, headers, wrkScript)
      : await latencyFromFetch(url, headers);
    const count = !wrkScript && latency.requests < REQUESTS ? `, ${latency.requests} requests` : '';
    const shown = p.replace(
      firstPage.next_cursor ? encodeURIComponent(firstPage.next_cursor) : '',
      '<cursor>',
    );
    const name = `GET ${shown.replace(campaignId, '<campaign>')} (${label}${count})`;
    const round1 = (v: number) => Math.round(v * 10) / 10;
    record({ name: `${name} p50`, value: round1(latency.p50), unit: 'ms' });
    const p99 = latency.p99;
    record({
      name: `${name} p99`,
      value: round1(p99),
      unit: 'ms',
      target: `<= ${TARGET_P99_MS} ms`,
      ok: p99 <= TARGET_P99_MS,
    });
  }
}

const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

/** PostgreSQL: the server runs throughout; the calls go in beside it, through a connection of their own. */
async function onPostgres(record: Recorder) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-million-'));
  const database = await freshDatabase();
  let server: ChildProcess | null = null;
  let handle: DatabaseHandle | null = null;
  try {
    const { email, accountId } = await seedBenchAccount({ url: database.url });
    const port = 3296;
    const base = `http://127.0.0.1:${port}`;
    server = startServer(dataDir, port, database.url);
    await waitFor(`${base}/readyz`, server);
    const headers = { authorization: `Bearer ${await signIn(base, email)}` };
    const { openDatabase } = await import('@callwise/db/client');
    handle = await openDatabase({ url: database.url, poolSize: 1 });
    const sql: Sql = (text, values) => (handle as DatabaseHandle).executeSql(text, values);
    const campaignIds = await insertCampaigns(sql, accountId);
    let have = 0;
    for (const size of SIZES) {
      await insertCalls(sql, accountId, campaignIds, have + 1, size);
      have = size;
      await waitForRollups(sql);
      await measureReads(
        record,
        base,
        headers,
        campaignIds[0] as string,
        `${sizeLabel(size)} calls, PostgreSQL`,
        dataDir,
      );
    }
  } finally {
    await handle?.close();
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * PGlite: one process holds the data directory, so the calls go in while the server is stopped, and it starts
 * again for each measurement.
 */
async function onPglite(record: Recorder) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-million-'));
  const pgdata = path.join(dataDir, 'pgdata');
  const port = 3297;
  const base = `http://127.0.0.1:${port}`;
  try {
    const { email, accountId } = await seedBenchAccount({ dataDir: pgdata });
    const { openDatabase } = await import('@callwise/db/client');
    let campaignIds: string[] = [];
    let have = 0;
    for (const size of SIZES) {
      const handle = await openDatabase({ dataDir: pgdata });
      try {
        const sql: Sql = (text, values) => handle.executeSql(text, values);
        if (campaignIds.length === 0) campaignIds = await insertCampaigns(sql, accountId);
        await insertCalls(sql, accountId, campaignIds, have + 1, size);
        have = size;
        // The server's fold (CallCountFolder), run here before it starts: once it runs it holds the data
        // directory, and nothing outside it could tell when its fold has ended.
        const folding = performance.now();
        const moved = await foldCallCounts(handle.db);
        await vacuumCallCountChanges(handle.db);
        console.log(`  folded ${moved} changes in ${Math.round(performance.now() - folding)} ms`);
      } finally {
        await handle.close();
      }
      const server = startServer(dataDir, port, null);
      try {
        await waitFor(`${base}/readyz`, server);
        const headers = { authorization: `Bearer ${await signIn(base, email)}` };
        await measureReads(
          record,
          base,
          headers,
          campaignIds[0] as string,
          `${sizeLabel(size)} calls, PGlite`,
          dataDir,
        );
      } finally {
        await stop(server);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchMillion(record: Recorder) {
  const only = process.env.BENCH_ENGINE;
  if (only !== 'pglite') await onPostgres(record);
  if (only !== 'postgres') await onPglite(record);
}
