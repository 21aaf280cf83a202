/**
 * The random-kill run of issue 15 (decision 008), against PostgreSQL with two workers: 1,000 calls due at the same
 * instant through POST /v1/calls/batch, about a sixth to busy numbers; worker 1 is killed with SIGKILL 250–400 ms
 * after the due time and restarted 40 s later, worker 2 killed at a random moment a few seconds in and restarted
 * at once, worker 1 again later. Then it waits for every call to end and prints:
 *   stuck          calls not final when the run ends
 *   lost retries   busy / unanswered calls that ended with attempts left (their retry never happened)
 *   doubled        calls placed twice: a second carrier call under one attempt, a phone rung twice, or more
 *                  carrier calls than attempts
 * and exits 1 unless all three are 0.
 *
 *   npm run crash-soak                      (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *   CALLS=300 npm run crash-soak            (a shorter run)
 */
import { runMigrations } from '@callwise/db/migrate';
import { createAccountWithUser } from '@callwise/db/queries/users';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { freshEngineDatabase, signInWithPassword, startServer } from '../test/engine-processes.ts';
import { killSpawned } from '../test/spawn.ts';

const CALLS = Number(process.env.CALLS ?? 1000);
const RETRIES = 2;
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Area codes across the country's time zones; the last four digits choose the simulated callee.
const AREAS = [
  201, 202, 203, 205, 206, 207, 208, 209, 210, 212, 213, 214, 215, 216, 217, 218, 219, 224, 225, 228, 229,
  231, 234, 239, 240, 248, 251, 252, 253, 254, 256, 260, 262, 267, 269, 270, 272, 276, 281, 301, 302, 303,
  304, 305, 307, 308, 309, 310, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 323, 325, 330, 331, 334,
  336, 337, 339, 347, 351, 352, 360, 361, 385, 386, 401, 402, 404, 405, 406, 407, 408, 409, 410, 412, 413,
  414, 415, 417, 419, 423, 424, 425, 430,
];
/** Five of six answer (confirm, cancel, reschedule, voicemail, silence); one of six is busy: always, or once. */
const CODES = [
  '0100',
  '0105',
  '0106',
  '0104',
  '0108',
  '0101',
  '0100',
  '0105',
  '0106',
  '0104',
  '0108',
  '0109',
];

const ENGINE_ENV = {
  NODE_ENV: 'test',
  PORT: '0',
  LOG_LEVEL: 'error',
  SIMULATOR_SPEED: '30',
  CALL_RETRY_ATTEMPTS: String(RETRIES),
  CALL_RETRY_DELAY_SECONDS: '5',
  DISPATCH_CLAIM_SECONDS: '10',
  CALL_SWEEP_SECONDS: '5',
  CALL_QUIET_SECONDS: '30',
  CALLING_WINDOW_OVERRIDE: '00:00-24:00',
  SESSION_RATE_LIMIT_PER_MINUTE: '100000',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const database = await freshEngineDatabase(SERVER_URL, 'soak');
  const handle = await database.open();
  try {
    await runMigrations(handle);
    const email = 'owner@soak.example.com';
    const password = 'Harbor-Lantern-64';
    const user = await createAccountWithUser(handle.db, {
      businessName: 'Soak Test Clinic',
      email,
      passwordHash: await hashPassword(password),
      userMetadata: {},
    });
    await handle.executeSql(`UPDATE accounts SET plan = 'enterprise', daily_call_cap = 10 WHERE id = $1`, [
      user.accountId,
    ]);
    await handle.executeSql(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [user.id]);

    const start = (role: string) => startServer({ ...ENGINE_ENV, ...database.env, ROLE: role });
    const api = start('api');
    const base = await api.url();
    let worker1 = start('worker');
    let worker2 = start('worker');

    const token = await signInWithPassword(base, email, password);
    const dueAt = Date.now() + 20_000;
    const calls = Array.from({ length: CALLS }, (_, i) => ({
      phone: `+1${AREAS[i % AREAS.length]}555${CODES[Math.floor(i / AREAS.length) % CODES.length]}`,
      recipient_name: `Patient ${i + 1}`,
      message: 'Your appointment is tomorrow at 10:30. Press 1 to confirm.',
      voice: 'aria',
      scheduled_at: new Date(dueAt).toISOString(),
    }));
    for (let i = 0; i < calls.length; i += 100) {
      const res = await fetch(`${base}/v1/calls/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ calls: calls.slice(i, i + 100) }),
      });
      if (res.status !== 201) throw new Error(`batch ${i / 100 + 1}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { skipped?: unknown[] };
      if (body.skipped?.length)
        throw new Error(`batch ${i / 100 + 1} skipped ${JSON.stringify(body.skipped)}`);
    }
    log(`${CALLS} calls due at ${new Date(dueAt).toISOString()}; two workers running`);

    await sleep(dueAt - Date.now() + 250 + Math.random() * 150);
    worker1.child.kill('SIGKILL');
    await worker1.exited;
    log('worker 1 killed (due time + 250–400 ms)');
    await sleep(3000 + Math.random() * 5000);
    worker2.child.kill('SIGKILL');
    await worker2.exited;
    log('worker 2 killed; restarted at once');
    worker2 = start('worker');
    await sleep(Math.max(0, dueAt + 40_000 - Date.now()));
    worker1 = start('worker');
    log('worker 1 restarted (40 s after the due time)');
    await sleep(5000 + Math.random() * 5000);
    worker1.child.kill('SIGKILL');
    await worker1.exited;
    worker1 = start('worker');
    log('worker 1 killed again and restarted');

    const deadline = Date.now() + 6 * 60_000;
    let open = Number.POSITIVE_INFINITY;
    while (Date.now() < deadline) {
      const result = await handle.executeSql(
        `SELECT count(*)::int AS n FROM calls WHERE status IN ('scheduled', 'queued', 'ringing', 'in-progress')`,
      );
      open = Number((result.rows[0] as { n: number }).n);
      if (open === 0) break;
      await sleep(1000);
    }
    for (const process of [worker1, worker2, api]) process.child.kill('SIGTERM');
    await Promise.all([worker1.exited, worker2.exited, api.exited]);

    const count = async (text: string) =>
      Number(((await handle.executeSql(text)).rows[0] as { n: number }).n);
    const lostRetries = await count(
      `SELECT count(*)::int AS n FROM calls WHERE status IN ('busy', 'no-answer') AND attempts <= ${RETRIES}`,
    );
    const doubled = await count(`
      SELECT count(*)::int AS n FROM calls c
      WHERE (SELECT count(*) FROM simulator_calls s WHERE s.call_id = c.id) > c.attempts
         OR EXISTS (SELECT 1 FROM simulator_calls s WHERE s.call_id = c.id AND s.rings > 1)
         OR EXISTS (SELECT 1 FROM simulator_calls s WHERE s.call_id = c.id
              AND s.idempotency_key <> c.id || ':' || split_part(s.behaviour, ':', 2))`);
    const wrongAttempts = await count(`
      SELECT count(*)::int AS n FROM calls c
      WHERE c.status IN ('completed', 'busy', 'no-answer', 'failed')
        AND (c.attempts = 0 OR c.placed_at IS NULL
          OR (SELECT count(*) FROM call_attempts a WHERE a.call_id = c.id) <> c.attempts)`);
    const byStatus = await handle.executeSql(
      `SELECT status, attempts, count(*)::int AS n FROM calls GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    log('');
    log(`calls by status and attempts: ${JSON.stringify(byStatus.rows)}`);
    log(`stuck: ${open}`);
    log(`lost retries: ${lostRetries}`);
    log(`doubled: ${doubled}`);
    log(`attempts or placed_at wrong: ${wrongAttempts}`);
    if (open !== 0 || lostRetries !== 0 || doubled !== 0 || wrongAttempts !== 0) process.exitCode = 1;
  } finally {
    killSpawned();
    await handle.close();
    await database.remove();
  }
}

main().catch((error: unknown) => {
  killSpawned();
  console.error(error);
  process.exit(1);
});
