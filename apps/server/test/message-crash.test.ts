import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@callwise/db/client';
import { describe, expect, it } from 'vitest';
import { type FakeTwilio, startFakeTwilio } from '../src/engine/carriers/twilio/twilio-test-server.ts';
import type { CrashPoint } from '../src/infra/crash-points.ts';
import { exitedWithin, seedOwner, signInWithPassword, startServer } from './engine-processes.ts';
import { engineTestCleanup } from './engine-test-cleanup.ts';
import { freePort } from './helper.ts';

/**
 * Texts are sent at most once and never lost (decision 029). Twilio's Messages API keeps no idempotency key, so a
 * server process is killed (CRASH_AT, SIGKILL) after it claimed a queued text — before Twilio was asked, or after
 * Twilio took it and before `sent` was written. Started again, it sends every other queued text once and never
 * the one it was sending (Twilio's side is a local fake of its REST API, which counts every text it is given).
 */
const postgres = Boolean(process.env.DATABASE_URL);
const cleanup = engineTestCleanup();

const email = 'owner@text-crash.example.com';
const password = 'Harbor-Lantern-64';
const TWILIO_SID = `AC${'fedcba9876543210'.repeat(2)}`;
const TWILIO_TOKEN = 'text-crash-auth-token-0123456789';
const BUSINESS = '+13125550177';

/** Two queued texts, due a minute and half a minute ago (the first is claimed first), from a business number. */
async function seed(handle: DatabaseHandle) {
  const user = await seedOwner(handle, { businessName: 'Crash Point Bakery', email, password });
  await handle.executeSql(`UPDATE accounts SET business_number = $2 WHERE id = $1`, [
    user.accountId,
    BUSINESS,
  ]);
  const texts: Array<{ id: string; phone: string }> = [];
  for (const [index, secondsAgo] of [60, 30].entries()) {
    const id = randomUUID();
    const phone = `+1415555${2100 + index}`;
    await handle.executeSql(
      `INSERT INTO messages (id, account_id, direction, kind, status, phone, body, segments, encoding, send_at)
       VALUES ($1, $2, 'outbound', 'manual', 'queued', $3, 'Your order is ready.', 1, 'GSM-7', $4)`,
      [id, user.accountId, phone, new Date(Date.now() - secondsAgo * 1000)],
    );
    texts.push({ id, phone });
  }
  return {
    crashed: texts[0] as { id: string; phone: string },
    survivor: texts[1] as { id: string; phone: string },
  };
}

/** A text through the API, which wakes the sender at once (else the minute's run does). */
async function text(base: string, token: string, to: string) {
  const res = await fetch(`${base}/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ to, body: 'Your table is ready.' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function killedAt(point: CrashPoint) {
  const fake: FakeTwilio = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN });
  cleanup.later(() => fake.close());
  const { database, seeded } = await cleanup.seededDatabase('text-crash', seed);
  const port = await freePort();
  const env = {
    ...database.env,
    NODE_ENV: 'test',
    PORT: String(port),
    ROLE: 'all',
    TELEPHONY_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM_NUMBER: '+12025550199',
    TWILIO_API_BASE_URL: fake.url,
    PUBLIC_URL: `http://localhost:${port}`,
  };
  const sentTo = (phone: string) =>
    fake.messageCreations().filter((request) => request.form.get('To') === phone);

  const doomed = startServer({ ...env, CRASH_AT: point });
  const doomedBase = await doomed.url();
  // The text written now wakes the sender: it claims the earliest due one and dies (perhaps before answering).
  try {
    await text(doomedBase, await signInWithPassword(doomedBase, email, password), '+14155552190');
  } catch {
    // killed first
  }
  const how = await exitedWithin(doomed, 90_000);
  expect(how, doomed.output()).toBe('SIGKILL');
  expect(doomed.output()).toContain(`crash point reached: ${point}`);
  expect(sentTo(seeded.crashed.phone)).toHaveLength(point === 'message.after-send' ? 1 : 0);

  const finisher = startServer(env);
  const base = await finisher.url();
  const late = '+14155552191';
  await text(base, await signInWithPassword(base, email, password), late);
  const deadline = Date.now() + 90_000;
  while (sentTo(seeded.survivor.phone).length < 1 || sentTo(late).length < 1) {
    if (Date.now() > deadline) throw new Error(`texts not sent:\n${finisher.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A moment for a late duplicate to show itself, then a clean stop.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  finisher.child.kill('SIGTERM');
  expect(await finisher.exited).toBe('0');

  // Each text at most once; the one being sent never again.
  expect(sentTo(seeded.survivor.phone)).toHaveLength(1);
  expect(sentTo(late)).toHaveLength(1);
  expect(sentTo('+14155552190').length).toBeLessThanOrEqual(1);
  expect(sentTo(seeded.crashed.phone)).toHaveLength(point === 'message.after-send' ? 1 : 0);
  const after = await database.open();
  try {
    const rows = (await after.executeSql(`SELECT id, status FROM messages`)).rows as Array<{
      id: string;
      status: string;
    }>;
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
    // Left `sending` until a run ten minutes on marks it `unknown`: never claimed again.
    expect(statusOf(seeded.crashed.id)).toBe('sending');
    expect(statusOf(seeded.survivor.id)).toBe('sent');
  } finally {
    await after.close();
  }
}

describe(`texts killed while being sent (${postgres ? 'PostgreSQL' : 'embedded'})`, {
  timeout: 240_000,
}, () => {
  it('killed after the claim, before Twilio: that text is never sent, every other once', async () => {
    await killedAt('message.after-claim');
  });
  it('killed after Twilio took it, before `sent` was written: it is not sent a second time', async () => {
    await killedAt('message.after-send');
  });
});
