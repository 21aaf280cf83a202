import { localTime } from '@callwise/shared/calling-window';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

// The real calling window: no override, so every rule here holds as it would for a business.
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({
    engine: false,
    env: { CALLING_WINDOW_OVERRIDE: '', SIMULATOR_SPEED: '200', CALL_RETRY_DELAY_SECONDS: '1' },
  });
});
afterAll(async () => {
  await t.close();
});

const post = (owner: User, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });
const get = (owner: User, url: string) => t.app.inject({ url, headers: owner.headers });

async function contact(owner: User, body: Record<string, unknown>) {
  const res = await post(owner, '/v1/contacts', {
    name: 'Ana Ruiz',
    email: 'ana@example.com',
    company: 'Ruiz Catering',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; phone: string };
}

/** The next instant at this wall-clock time in a zone (today's, or tomorrow's when it has passed). */
function nextLocal(hour: number, minute: number, timezone: string): Date {
  const now = new Date();
  for (let days = 0; days < 3; days++) {
    const day = new Date(now.getTime() + days * 86_400_000);
    const local = localTime(day, timezone);
    const guess = new Date(Date.UTC(local.year, local.month - 1, local.day, hour, minute));
    // Walk the offset in: the zone's reading of the guess tells how far off it is.
    const seen = localTime(guess, timezone);
    const drift =
      Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) -
      Date.UTC(local.year, local.month - 1, local.day, hour, minute);
    const at = new Date(guess.getTime() - drift);
    if (at.getTime() > now.getTime() + 60_000) return at;
  }
  throw new Error('no such time');
}

describe('the calling window', () => {
  it('moves a call scheduled for 22:30 recipient time to 08:00 the next day, and says so', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    // 202 is Washington DC: the recipient is in America/New_York.
    const at = nextLocal(22, 30, 'America/New_York');
    const res = await post(owner, '/v1/calls', {
      phone: '+12025550100',
      message: 'Your table is ready tomorrow.',
      scheduled_at: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const call = res.json();
    expect(call.timezone).toBe('America/New_York');
    expect(call.requested_at).toBe(at.toISOString());
    const goesOut = new Date(call.scheduled_at);
    const local = localTime(goesOut, 'America/New_York');
    expect([local.hour, local.minute]).toEqual([8, 0]);
    expect(goesOut.getTime() - at.getTime()).toBe(9.5 * 3600_000);
    expect(call.status).toBe('scheduled');
    expect(call.schedule_note).toMatch(/^Outside the calling window .*8:00 AM on .*\(America\/New_York\)/);
  });

  it('uses the contact’s own time zone and the account’s narrower window', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await t.database.executeSql(
      `UPDATE accounts SET calling_window_start = '10:00', calling_window_end = '16:00' WHERE id = $1`,
      [owner.accountId],
    );
    const person = await contact(owner, {
      phone: '+12025550101',
      timezone: 'America/Los_Angeles',
      consent: 'informational',
    });
    const at = nextLocal(9, 0, 'America/Los_Angeles');
    const res = await post(owner, '/v1/calls', {
      contact_id: person.id,
      message: 'Hi',
      scheduled_at: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const local = localTime(new Date(res.json().scheduled_at), 'America/Los_Angeles');
    expect([local.hour, local.minute]).toEqual([10, 0]);
    expect(res.json().scheduled_at).not.toBe(at.toISOString());
  });

  it('leaves a call inside the window where it is', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const at = nextLocal(11, 15, 'America/New_York');
    const res = await post(owner, '/v1/calls', {
      phone: '+12025550102',
      message: 'Hi',
      scheduled_at: at.toISOString(),
    });
    expect(res.json()).toMatchObject({
      scheduled_at: at.toISOString(),
      requested_at: null,
      schedule_note: null,
    });
  });

  it('holds back a due call when the window has closed by the time it goes out', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    // Open all day while it is scheduled (whatever the hour of this run)...
    await t.database.executeSql(
      `UPDATE accounts SET calling_window_start = '00:00', calling_window_end = '24:00' WHERE id = $1`,
      [owner.accountId],
    );
    const res = await post(owner, '/v1/calls', { phone: '+12025550103', message: 'Hi' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    // ...then, before it goes out, the account narrows its window to one that is closed now in New York.
    const now = localTime(new Date(), 'America/New_York');
    const hour = (now.hour + 2) % 24;
    const start = `${String(Math.min(hour, 22)).padStart(2, '0')}:00`;
    const end = `${String(Math.min(hour, 22)).padStart(2, '0')}:30`;
    await t.database.executeSql(
      'UPDATE accounts SET calling_window_start = $1, calling_window_end = $2 WHERE id = $3',
      [start, end, owner.accountId],
    );
    await t.services.engine.start();
    const deadline = Date.now() + 10_000;
    let call: { status: string; scheduled_at: string; requested_at: string | null };
    for (;;) {
      call = (await get(owner, `/v1/calls/${id}`)).json();
      if (call.requested_at || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(call.status).toBe('scheduled');
    expect(call.requested_at).not.toBeNull();
    const local = localTime(new Date(call.scheduled_at), 'America/New_York');
    expect(`${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`).toBe(start);
    const placed = await t.database.executeSql(
      'SELECT count(*)::int AS n FROM simulator_calls WHERE call_id = $1',
      [id],
    );
    expect(placed.rows[0]?.n).toBe(0);
  });
});

describe('the do-not-call list', () => {
  it('refuses a listed number with a clear error', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    await t.database.executeSql(`INSERT INTO do_not_call (account_id, phone) VALUES ($1, '+12025550104')`, [
      owner.accountId,
    ]);
    const res = await post(owner, '/v1/calls', { phone: '(202) 555-0104', message: 'Hi' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'do_not_call' });
    expect(res.json().error.message).toMatch(/on your do-not-call list/);
    // Another account's list is its own.
    const other = await signedInUser(t, { plan: 'professional' });
    expect((await post(other, '/v1/calls', { phone: '(202) 555-0104', message: 'Hi' })).statusCode).toBe(201);
  });
});

describe('consent', () => {
  it('needs marketing consent for promotional calls', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const informational = await contact(owner, { phone: '+12025550110', consent: 'informational' });
    const marketing = await contact(owner, {
      phone: '+12025550111',
      consent: 'marketing',
      email: 'b@example.com',
    });
    const promo = { message: '20% off this week', call_type: 'promotional' };
    const refused = await post(owner, '/v1/calls', { ...promo, contact_id: informational.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'consent_required' });
    expect(refused.json().error.message).toMatch(/marketing consent/);
    // A number that is not a contact: nobody recorded any consent.
    const unknown = await post(owner, '/v1/calls', { ...promo, phone: '+12025550119' });
    expect(unknown.statusCode).toBe(422);
    // A contact's consent counts when the call is made by number too.
    expect((await post(owner, '/v1/calls', { ...promo, phone: '+12025550110' })).statusCode).toBe(422);
    expect((await post(owner, '/v1/calls', { ...promo, contact_id: marketing.id })).statusCode).toBe(201);
  });

  it('needs informational consent or an existing customer for reminders', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const none = await contact(owner, { phone: '+12025550112' });
    const reminder = { message: 'See you at 10', call_type: 'appointment-reminder' };
    const refused = await post(owner, '/v1/calls', { ...reminder, contact_id: none.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/has not agreed to calls/);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/contacts/${none.id}`,
      headers: owner.headers,
      payload: { existing_customer: true },
    });
    expect(patched.json().existing_customer).toBe(true);
    expect((await post(owner, '/v1/calls', { ...reminder, contact_id: none.id })).statusCode).toBe(201);
  });
});

describe('the frequency cap', () => {
  it('allows at most the account’s number of calls per person per local day', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    const morning = nextLocal(9, 0, 'America/New_York');
    const call = (minutes: number) =>
      post(owner, '/v1/calls', {
        phone: '+12025550120',
        message: 'Hi',
        scheduled_at: new Date(morning.getTime() + minutes * 60_000).toISOString(),
      });
    expect((await call(0)).statusCode).toBe(201);
    expect((await call(60)).statusCode).toBe(201);
    const third = await call(120);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({ code: 'frequency_cap_reached' });
    expect(third.json().error.message).toMatch(/already has 2 calls/);
    // The next local day is a new day.
    expect((await call(24 * 60)).statusCode).toBe(201);
    // A cancelled call gives its place back.
    const first = (await get(owner, '/v1/calls?limit=10')).json().data.at(-1);
    await post(owner, `/v1/calls/${first.id}/cancel`, {});
    expect((await call(180)).statusCode).toBe(201);

    // In a batch, the calls past the cap are skipped with the reason; the account may raise the cap.
    await t.database.executeSql('UPDATE accounts SET daily_call_cap = 3 WHERE id = $1', [owner.accountId]);
    const at = (minutes: number) => new Date(morning.getTime() + (48 * 60 + minutes) * 60_000).toISOString();
    const batch = await post(owner, '/v1/calls/batch', {
      calls: [0, 10, 20, 30].map((minutes) => ({
        phone: '+12025550120',
        message: 'Hi',
        scheduled_at: at(minutes),
      })),
    });
    expect(batch.statusCode, batch.body).toBe(201);
    expect(batch.json().created).toHaveLength(3);
    expect(batch.json().skipped).toEqual([expect.objectContaining({ index: 3, reason: 'frequency_cap' })]);
  });
});

describe('callback URLs', () => {
  it('refuses loopback, private and cloud metadata addresses when the call is created', async () => {
    const owner = await signedInUser(t, { plan: 'professional' });
    for (const url of [
      'http://127.0.0.1/hook',
      'http://169.254.169.254/latest',
      'http://10.0.0.5/x',
      'ftp://a.b/c',
    ]) {
      const res = await post(owner, '/v1/calls', { phone: '+12025550130', message: 'Hi', callback_url: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details[0].field).toBe('callback_url');
    }
    const ok = await post(owner, '/v1/calls', {
      phone: '+12025550130',
      message: 'Hi',
      callback_url: 'https://hooks.example.com/callwise',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
