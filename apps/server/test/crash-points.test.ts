import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@callwise/db/client';
import { runMigrations } from '@callwise/db/migrate';
import { createAccountWithUser } from '@callwise/db/queries/users';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LOST_AT_CARRIER } from '../src/engine/call-sweeper.ts';
import { type FakeTwilio, startFakeTwilio } from '../src/engine/carriers/twilio/twilio-test-server.ts';
import type { CrashPoint } from '../src/infra/crash-points.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { freshEngineDatabase, signInWithPassword, startServer } from './engine-processes.ts';
import { freePort } from './helper.ts';
import { killSpawned } from './spawn.ts';

/**
 * The crash-point suite (decision 008): for every named point where a process of the call engine can die, a real
 * server process is made to die exactly there (CRASH_AT: it kills itself with SIGKILL), then the engine is started
 * again — on the embedded database one process, on PostgreSQL (DATABASE_URL) two workers at once — and every call
 * must end as its callee's behaviour says: every call final, none placed twice (the carrier's ledger: one row per
 * attempt, each phone rung once), retries as configured, attempts and placed_at right. Two calls left stuck by the
 * old engine (a finished carrier call the call row never heard the end of, a carrier call the carrier never had)
 * must be resolved by the sweep.
 */
const RETRIES = 1;
const postgres = Boolean(process.env.DATABASE_URL);

/** Each callee behaviour (the number's last four digits) and how its calls must end with one retry. */
const EXPECTED: Record<string, { status: string; outcome: string | null; attempts: number; rings: number }> =
  {
    '0100': { status: 'completed', outcome: 'confirmed', attempts: 1, rings: 1 },
    '0101': { status: 'busy', outcome: null, attempts: 1 + RETRIES, rings: 1 },
    '0102': { status: 'no-answer', outcome: null, attempts: 1 + RETRIES, rings: 1 },
    '0103': { status: 'failed', outcome: null, attempts: 1, rings: 0 },
    '0104': { status: 'completed', outcome: 'voicemail', attempts: 1, rings: 1 },
    '0107': { status: 'completed', outcome: 'opted_out', attempts: 1, rings: 1 },
    '0109': { status: 'completed', outcome: 'confirmed', attempts: 2, rings: 1 },
  };
/** The calls of each run: two per behaviour but one for the opt-out, each to a number of its own. */
const WORKLOAD = Object.keys(EXPECTED).flatMap((code) => (code === '0107' ? [code] : [code, code]));

const cleanups: Array<() => Promise<void>> = [];
afterEach(() => killSpawned());
afterAll(async () => {
  killSpawned();
  for (const cleanup of cleanups) await cleanup();
});

const ENGINE_ENV = {
  NODE_ENV: 'test',
  PORT: '0',
  SIMULATOR_SPEED: '50',
  SIMULATOR_LEASE_SECONDS: '3',
  DISPATCH_CLAIM_SECONDS: '2',
  CALL_RETRY_ATTEMPTS: String(RETRIES),
  CALL_RETRY_DELAY_SECONDS: '1',
  CALL_SWEEP_SECONDS: '1',
  CALL_QUIET_SECONDS: '3',
  CALLING_WINDOW_OVERRIDE: '00:00-24:00',
};

const start = (env: Record<string, string>) => startServer({ ...ENGINE_ENV, ...env });

async function freshDatabase() {
  const database = await freshEngineDatabase(process.env.DATABASE_URL, 'crashpoint');
  cleanups.push(() => database.remove());
  return database;
}

const email = 'owner@crash-points.example.com';
const password = 'Harbor-Lantern-64';

/** The account, the workload due now, and the two calls an older engine left stuck. */
async function seed(handle: DatabaseHandle) {
  await runMigrations(handle);
  const user = await createAccountWithUser(handle.db, {
    businessName: 'Crash Point Dental',
    email,
    passwordHash: await hashPassword(password),
    userMetadata: {},
  });
  await handle.executeSql(`UPDATE accounts SET plan = 'enterprise' WHERE id = $1`, [user.accountId]);
  await handle.executeSql(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [user.id]);
  for (const [index, code] of WORKLOAD.entries()) {
    await handle.executeSql(
      `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, scheduled_at)
       VALUES ($1, $2, $3, 'Your appointment is tomorrow at 10.', 'aria', 'scheduled', now())`,
      [user.accountId, `Caller ${index}`, `+1${202 + index}555${code}`],
    );
  }
  // Stuck 1 (issue 15): the carrier finished attempt 1, but the call row never learnt its end nor its attempt.
  const stuckFinished = randomUUID();
  const ledgerId = randomUUID();
  await handle.executeSql(
    `INSERT INTO calls (id, account_id, recipient_name, phone, message, voice, status, scheduled_at, attempts,
       provider_call_id, updated_at)
     VALUES ($1, $2, 'Stuck Finished', '+13105550100', 'Hello.', 'aria', 'queued', now() - interval '1 hour', 0,
       $3, now() - interval '1 hour')`,
    [stuckFinished, user.accountId, `SIM-${ledgerId}`],
  );
  await handle.executeSql(
    `INSERT INTO simulator_calls (id, idempotency_key, call_id, to_number, behaviour, rings, lease_until, finished_at)
     VALUES ($1, $2, $3, '+13105550100', '0100:1', 1, now() - interval '1 hour', now() - interval '50 minutes')`,
    [ledgerId, `${stuckFinished}:1`, stuckFinished],
  );
  // Stuck 2: ringing with a carrier call the carrier has no record of.
  const stuckUnknown = randomUUID();
  await handle.executeSql(
    `INSERT INTO calls (id, account_id, recipient_name, phone, message, voice, status, scheduled_at, attempts,
       provider_call_id, placed_at, updated_at)
     VALUES ($1, $2, 'Stuck Unknown', '+13105550100', 'Hello.', 'aria', 'ringing', now() - interval '1 hour', 1,
       $3, now() - interval '1 hour', now() - interval '1 hour')`,
    [stuckUnknown, user.accountId, `SIM-${randomUUID()}`],
  );
  return { stuckFinished, stuckUnknown };
}

const signIn = (base: string) => signInWithPassword(base, email, password);

/** Kills the engine at each point in turn (one process each), then lets it finish; asserts every invariant. */
async function crashThenRecover(points: CrashPoint[]) {
  const database = await freshDatabase();
  const seeded = await (async () => {
    const handle = await database.open();
    try {
      return await seed(handle);
    } finally {
      await handle.close();
    }
  })();
  const role = postgres ? 'worker' : 'all';
  for (const point of points) {
    const doomed = start({ ...database.env, ROLE: role, CRASH_AT: point });
    const how = await Promise.race([
      doomed.exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 60_000)),
    ]);
    expect(how, `${point} was never reached:\n${doomed.output()}`).toBe('SIGKILL');
    expect(doomed.output()).toContain(`crash point reached: ${point}`);
  }
  // The engine again: on PostgreSQL two workers at once (one serving the API too); on PGlite one process.
  const finisher = start({ ...database.env, ROLE: 'all' });
  const helper = postgres ? start({ ...database.env, ROLE: 'worker' }) : null;
  const base = await finisher.url();
  const token = await signIn(base);
  const total = WORKLOAD.length + 2;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const summary = (await (
      await fetch(`${base}/v1/calls/summary`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { total: number; pending: number; in_progress: number };
    if (summary.total === total && summary.pending === 0 && summary.in_progress === 0) break;
    if (Date.now() > deadline) {
      throw new Error(`calls did not finish: ${JSON.stringify(summary)}\n${finisher.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A moment for a late duplicate to show itself, then a clean stop.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  finisher.child.kill('SIGTERM');
  helper?.child.kill('SIGTERM');
  expect(await finisher.exited).toBe('0');
  if (helper) expect(await helper.exited).toBe('0');

  const handle = await database.open();
  try {
    const calls = (
      await handle.executeSql(
        `SELECT c.id, c.phone, c.status, c.outcome, c.attempts, c.placed_at IS NOT NULL AS placed,
           (SELECT count(*)::int FROM call_attempts a WHERE a.call_id = c.id) AS recorded_attempts,
           (SELECT array_agg(s.idempotency_key ORDER BY s.idempotency_key) FROM simulator_calls s
             WHERE s.call_id = c.id) AS ledger_keys,
           (SELECT array_agg(s.rings ORDER BY s.idempotency_key) FROM simulator_calls s WHERE s.call_id = c.id)
             AS rings
         FROM calls c ORDER BY c.phone, c.id`,
      )
    ).rows as Array<{
      id: string;
      phone: string;
      status: string;
      outcome: string | null;
      attempts: number;
      placed: boolean;
      recorded_attempts: number;
      ledger_keys: string[] | null;
      rings: number[] | null;
    }>;
    expect(calls).toHaveLength(total);
    for (const call of calls) {
      if (call.id === seeded.stuckFinished || call.id === seeded.stuckUnknown) continue;
      const code = call.phone.slice(-4);
      const expected = EXPECTED[code];
      if (!expected) throw new Error(`unexpected number ${call.phone}`);
      const where = `${call.phone} (${call.id})`;
      expect({ status: call.status, outcome: call.outcome, attempts: call.attempts }, where).toEqual({
        status: expected.status,
        outcome: expected.outcome,
        attempts: expected.attempts,
      });
      expect(call.placed, `${where}: placed_at`).toBe(true);
      expect(call.recorded_attempts, `${where}: call_attempts`).toBe(expected.attempts);
      // One carrier call per attempt, under that attempt's key, and each phone rung once.
      const keys = Array.from({ length: expected.attempts }, (_, i) => `${call.id}:${i + 1}`);
      expect(call.ledger_keys, `${where}: ledger`).toEqual(keys);
      expect(call.rings, `${where}: rings`).toEqual(keys.map(() => expected.rings));
    }
    const stuck = Object.fromEntries(calls.map((call) => [call.id, call]));
    expect(stuck[seeded.stuckFinished]).toMatchObject({ status: 'completed', attempts: 1, placed: true });
    expect(stuck[seeded.stuckUnknown]).toMatchObject({ status: 'failed', attempts: 1, placed: true });
    const reason = await handle.executeSql('SELECT failure_reason FROM calls WHERE id = $1', [
      seeded.stuckUnknown,
    ]);
    expect(reason.rows[0]?.failure_reason).toBe(LOST_AT_CARRIER);
    // Nothing left claimed or open.
    const open = await handle.executeSql(
      `SELECT count(*)::int AS n FROM calls WHERE status IN ('scheduled', 'queued', 'ringing', 'in-progress')
         OR claimed_until IS NOT NULL`,
    );
    expect(open.rows[0]?.n).toBe(0);
    const unfinished = await handle.executeSql(
      'SELECT count(*)::int AS n FROM simulator_calls WHERE finished_at IS NULL',
    );
    expect(unfinished.rows[0]?.n).toBe(0);
  } finally {
    await handle.close();
  }
}

const SCENARIOS: CrashPoint[][] = [
  ['dispatch.after-claim'],
  ['dispatch.after-carrier-accepted'],
  ['dispatch.after-mark-placed'],
  ['carrier.mid-batch'],
  ['simulator.after-ring'],
  ['status.before-apply'],
  ['status.between-status-and-retry'],
  ['status.after-apply'],
  ['simulator.before-final-report'],
  ['dispatch.after-carrier-accepted', 'simulator.takeover'],
  ['sweep.after-lookup'],
];

describe(`the call engine killed at every crash point (${postgres ? 'PostgreSQL, two workers' : 'embedded'})`, {
  timeout: 240_000,
}, () => {
  it.each(SCENARIOS.map((points) => [points.join(' then '), points] as const))(
    '%s: every call ends once, as its callee decides',
    async (_name, points) => {
      await crashThenRecover([...points]);
    },
  );
});

const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TWILIO_TOKEN = 'twilio-crash-auth-token-0123456789';
const TWILIO_CALLS = 6;

/**
 * Twilio keeps no idempotency keys: our ledger (carrier_requests) does. The engine is killed after a request was
 * written to the ledger and before Twilio was asked, or after Twilio created the call and before its CallSid was
 * written; started again, every call is created at Twilio exactly once and ends (Twilio's side is played by a
 * local fake of its REST API, whose calls this test completes; the sweep asks Twilio about them).
 */
async function twilioCrashThenRecover(point: CrashPoint) {
  const fake: FakeTwilio = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN });
  cleanups.push(() => fake.close());
  const database = await freshDatabase();
  {
    const handle = await database.open();
    try {
      await seed(handle);
      // Only Twilio calls here: the workload and the simulator's stuck rows are for the scenarios above.
      await handle.executeSql('DELETE FROM calls');
      const [account] = (await handle.executeSql('SELECT id FROM accounts')).rows as Array<{ id: string }>;
      for (let i = 0; i < TWILIO_CALLS; i++) {
        await handle.executeSql(
          `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, scheduled_at)
           VALUES ($1, $2, $3, 'Your order ships today.', 'aria', 'scheduled', now())`,
          [account?.id, `Caller ${i}`, `+1415555${2000 + i}`],
        );
      }
    } finally {
      await handle.close();
    }
  }
  // Twilio signs for PUBLIC_URL, so the finisher's address is known before it starts.
  const port = await freePort();
  const env = {
    ...database.env,
    PORT: String(port),
    TELEPHONY_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM_NUMBER: '+12025550199',
    TWILIO_API_BASE_URL: fake.url,
    TWILIO_CALLS_PER_SECOND: '50',
    TWILIO_MAX_CONCURRENT_CALLS: '100',
    PUBLIC_URL: `http://localhost:${port}`,
  };
  const doomed = start({ ...env, ROLE: 'worker', CRASH_AT: point });
  const how = await Promise.race([
    doomed.exited,
    new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 60_000)),
  ]);
  expect(how, `${point} was never reached:\n${doomed.output()}`).toBe('SIGKILL');
  expect(doomed.output()).toContain(`crash point reached: ${point}`);

  // Twilio's side: each call it created is answered and over a second later.
  const answer = setInterval(() => {
    for (const call of fake.calls.values()) {
      if (call.status === 'queued' && Date.now() - call.dateCreated.getTime() > 1000) {
        Object.assign(call, {
          status: 'completed',
          startTime: new Date(call.dateCreated.getTime() + 200),
          endTime: new Date(),
          duration: '7',
          answeredBy: 'human',
        });
      }
    }
  }, 200);
  try {
    const finisher = start({ ...env, ROLE: 'all' });
    const helper = postgres ? start({ ...env, PORT: '0', ROLE: 'worker' }) : null;
    const base = await finisher.url();
    const token = await signIn(base);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const summary = (await (
        await fetch(`${base}/v1/calls/summary`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { total: number; completed: number };
      if (summary.total === TWILIO_CALLS && summary.completed === TWILIO_CALLS) break;
      if (Date.now() > deadline) {
        throw new Error(`calls did not finish: ${JSON.stringify(summary)}\n${finisher.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    finisher.child.kill('SIGTERM');
    helper?.child.kill('SIGTERM');
    expect(await finisher.exited).toBe('0');
    if (helper) expect(await helper.exited).toBe('0');
  } finally {
    clearInterval(answer);
  }

  // Each number asked of Twilio once: no call placed twice.
  const perNumber = new Map<string, number>();
  for (const creation of fake.creations()) {
    const to = creation.form.get('To') ?? '';
    perNumber.set(to, (perNumber.get(to) ?? 0) + 1);
  }
  expect([...perNumber.values()]).toEqual(Array.from({ length: TWILIO_CALLS }, () => 1));
  const handle = await database.open();
  try {
    const rows = (
      await handle.executeSql(
        `SELECT c.status, c.attempts, c.placed_at IS NOT NULL AS placed,
           r.provider_call_id = c.provider_call_id AS ledger_matches
         FROM calls c LEFT JOIN carrier_requests r ON r.idempotency_key = c.id || ':1'`,
      )
    ).rows;
    expect(rows).toEqual(
      Array.from({ length: TWILIO_CALLS }, () => ({
        status: 'completed',
        attempts: 1,
        placed: true,
        ledger_matches: true,
      })),
    );
  } finally {
    await handle.close();
  }
}

describe(`Twilio killed around its request (${postgres ? 'PostgreSQL, two workers' : 'embedded'})`, {
  timeout: 240_000,
}, () => {
  it.each(['twilio.after-ledger-open', 'twilio.after-request'] as const)(
    '%s: each call created at Twilio once, and ended',
    async (point) => {
      await twilioCrashThenRecover(point);
    },
  );
});
