// Campaigns' numbers for `npm run bench` (issue #20): a campaign of 5,000 and one of 20,000 contacts created through
// the API on the embedded engine, every calling rule applied to each contact. Run alone with
// `node --import tsx scripts/bench-campaigns.ts` or `BENCH_ONLY=campaigns node --import tsx scripts/bench.ts`
// (after `npm run build`).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Recorder } from './bench-parts.ts';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const PORT = 3294;
const BASE = `http://127.0.0.1:${PORT}`;
const EMAIL = 'bench-campaigns@callwise.local';
const PASSWORD = 'Bench-Password-2026';
const CONTACTS = 20_000;
/** Contacts beyond the 20,000, for a first small campaign that measures the voice's speaking rate (see below). */
const WARM_UP = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (value: number) => Math.round(value * 10) / 10;

async function startServer(dataDir: string): Promise<ChildProcess> {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry], {
    env: { ...env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/readyz`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** What the seed implies for a campaign of the first `n` contacts (contact g is the g-th, from 1). */
function expectedOutcome(n: number) {
  let doNotCall = 0;
  let noConsent = 0;
  for (let g = 1; g <= n; g++) {
    if (g % 20 === 7) doNotCall++;
    else if (g % 10 === 3) noConsent++;
  }
  return { calls: n - doNotCall - noConsent, doNotCall, noConsent };
}

/**
 * With the server stopped (after a first start laid out the database): a confirmed user on the Professional plan,
 * 20,000 contacts (and 100 for a warm-up) — every 20th on the do-not-call list, every 10th without consent to calls —
 * and a script.
 */
async function seed(dataDir: string): Promise<{ contactIds: string[]; scriptId: string }> {
  const { openDatabase } = await import('@callwise/db/client');
  const { acquireDataDirLock } = await import('@callwise/db/lock');
  const { createAccountWithUser, updateUser } = await import('@callwise/db/queries/users');
  const { hashPassword } = await import('../apps/server/src/modules/auth/passwords.ts');
  const release = acquireDataDirLock(dataDir);
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    const user = await createAccountWithUser(handle.db, {
      businessName: 'Bench Dental',
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      userMetadata: {},
    });
    await updateUser(handle.db, user.id, { emailConfirmedAt: new Date() });
    await handle.executeSql(`UPDATE accounts SET plan = 'professional' WHERE id = $1`, [user.accountId]);
    await handle.executeSql(
      `INSERT INTO contacts (account_id, name, phone, email, company, consent, timezone, created_at)
       SELECT $1, 'Patient ' || g, '+1202' || (3000000 + g)::text, '', 'Harbor Dental',
         CASE WHEN g % 10 = 3 THEN 'none' ELSE 'informational' END, 'America/New_York',
         now() - interval '1 day' + g * interval '1 millisecond'
       FROM generate_series(1, ${CONTACTS + WARM_UP}) AS g`,
      [user.accountId],
    );
    await handle.executeSql(
      `INSERT INTO do_not_call (account_id, phone, source)
       SELECT $1, '+1202' || (3000000 + g)::text, 'added' FROM generate_series(1, ${CONTACTS}) AS g
       WHERE g % 20 = 7`,
      [user.accountId],
    );
    const { rows: scripts } = await handle.executeSql(
      `INSERT INTO scripts (account_id, title, content, category)
       VALUES ($1, 'Check-up reminder', 'Hi {{first_name}}, this is {{company}} reminding you that your check-up is due. Call us to book a time.', 'Reminder')
       RETURNING id`,
      [user.accountId],
    );
    const { rows } = await handle.executeSql(
      'SELECT id FROM contacts WHERE account_id = $1 ORDER BY created_at, id',
      [user.accountId],
    );
    await handle.executeSql('VACUUM (ANALYZE)');
    return {
      contactIds: (rows as Array<{ id: string }>).map((row) => row.id),
      scriptId: (scripts[0] as { id: string }).id,
    };
  } finally {
    await handle.close();
    release();
  }
}

export async function benchCampaigns(record: Recorder) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-bench-campaigns-'));
  try {
    await stopServer(await startServer(dataDir));
    const { contactIds, scriptId } = await seed(dataDir);
    const child = await startServer(dataDir);
    try {
      const signIn = await fetch(`${BASE}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      const { access_token: token } = (await signIn.json()) as { access_token: string };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      // Tomorrow 14:00 UTC (morning in Washington, inside the calling window), one call a second: both campaigns'
      // calls fall on the same local day, where the daily cap of 2 lets a contact of both have its two calls.
      const startsAt = new Date();
      startsAt.setUTCDate(startsAt.getUTCDate() + 1);
      startsAt.setUTCHours(14, 0, 0, 0);

      // A server synthesises a sample in each voice once, the first time a large batch is timed by its speaking
      // rate (about a second, on the speech worker): a first campaign of 100 other contacts pays it, so that the
      // figures are those of a running server.
      const warmStarted = performance.now();
      const warmUp = await fetch(`${BASE}/v1/campaigns`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Warm-up',
          script_id: scriptId,
          call_type: 'service-reminder',
          contact_ids: contactIds.slice(CONTACTS),
          starts_at: startsAt.toISOString(),
        }),
      });
      if (warmUp.status !== 201) throw new Error(`the warm-up campaign answered ${warmUp.status}`);
      record({
        name: 'campaign of 100 contacts, first after start',
        value: round1((performance.now() - warmStarted) / 1000),
        unit: 's',
      });

      for (const size of [5_000, 20_000]) {
        const started = performance.now();
        const response = await fetch(`${BASE}/v1/campaigns`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `Check-ups, ${size.toLocaleString('en-US')}`,
            script_id: scriptId,
            call_type: 'service-reminder',
            contact_ids: contactIds.slice(0, size),
            starts_at: startsAt.toISOString(),
            pace_per_hour: 3600,
          }),
        });
        const body = (await response.json()) as {
          progress?: { total: number };
          skipped?: Array<{ reason: string }>;
        };
        const seconds = (performance.now() - started) / 1000;
        if (response.status !== 201) {
          throw new Error(`the campaign answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
        }
        const expected = expectedOutcome(size);
        const reasons = (reason: string) => body.skipped?.filter((skip) => skip.reason === reason).length;
        const got = {
          calls: body.progress?.total,
          doNotCall: reasons('do_not_call'),
          noConsent: reasons('no_consent'),
        };
        if (
          JSON.stringify(got) !== JSON.stringify(expected) ||
          body.skipped?.length !== size - expected.calls
        ) {
          throw new Error(
            `a campaign of ${size} made ${JSON.stringify(got)}, not ${JSON.stringify(expected)}`,
          );
        }
        const target = size === 5_000 ? 2 : 8;
        record({
          name: `campaign of ${size.toLocaleString('en-US')} contacts created`,
          value: round1(seconds),
          unit: 's',
          target: `<= ${target} s`,
          ok: seconds <= target,
        });
      }
    } finally {
      await stopServer(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchCampaigns((m) => console.log(`${m.name}: ${m.value} ${m.unit} (${m.target})`));
}
