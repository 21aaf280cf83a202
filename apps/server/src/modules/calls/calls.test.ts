import { seedCall } from '@callwise/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
const day = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  user = await signedInUser(t);
  const rows = [
    ['Ana Silva', '+12025550101', 'completed', 30, 0.05, 5],
    ['Ben Okafor', '+12025550102', 'completed', 95, 0.1, 4],
    ['Chloe Martin', '+12025550103', 'busy', 0, 0, 3],
    ['Dev Patel', '+12025550104', 'no-answer', 0, 0, 2],
    ['Emma Jones', '+12025550105', 'scheduled', null, null, 1],
    ['Farid Haddad', '+12025550106', 'in-progress', null, null, 0],
    ['Gia Rossi', '+12025550107', 'canceled', null, null, 0],
  ] as const;
  for (const [name, phone, status, duration, cost, daysAgo] of rows) {
    await seedCall(t.database.db, user.accountId, {
      recipientName: name,
      phone,
      status,
      duration,
      cost,
      createdAt: new Date(Date.now() - daysAgo * day - rows.findIndex((r) => r[0] === name) * 1000),
    });
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url, headers: user.headers });
const names = async (url: string) =>
  (await get(url)).json().data.map((c: { recipient_name: string }) => c.recipient_name);

describe('call history', () => {
  it('lists newest first with every field', async () => {
    const res = await get('/v1/calls');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { recipient_name: string }) => c.recipient_name)).toEqual([
      'Farid Haddad',
      'Gia Rossi',
      'Emma Jones',
      'Dev Patel',
      'Chloe Martin',
      'Ben Okafor',
      'Ana Silva',
    ]);
    expect(res.json().data.at(-1)).toMatchObject({
      status: 'completed',
      duration: 30,
      cost: 0.05,
      voice: 'aria',
    });
  });

  it('filters by status group', async () => {
    expect(await names('/v1/calls?status=completed')).toEqual(['Ben Okafor', 'Ana Silva']);
    expect(await names('/v1/calls?status=failed')).toEqual(['Dev Patel', 'Chloe Martin']);
    expect(await names('/v1/calls?status=pending')).toEqual(['Emma Jones']);
    expect(await names('/v1/calls?status=in-progress')).toEqual(['Farid Haddad']);
    expect((await get('/v1/calls?status=weird')).statusCode).toBe(400);
  });

  it('searches recipient name or phone', async () => {
    expect(await names('/v1/calls?q=okafor')).toEqual(['Ben Okafor']);
    expect(await names('/v1/calls?q=555-0104')).toEqual(['Dev Patel']);
  });

  it('sums up: success share of answered calls with a positive outcome, average over completed only', async () => {
    const res = await get('/v1/calls/summary');
    expect(res.json()).toEqual({
      total: 7,
      completed: 2,
      failed: 2,
      pending: 1,
      in_progress: 1,
      // Two answered calls, neither confirmed (results.test.ts covers the definition).
      success_rate: 0,
      average_duration: 63,
      total_cost: 0.15,
      placed: 5,
      answered: 2,
      needs_attention: 2,
    });
    expect((await get('/v1/calls/summary?status=failed')).json().total).toBe(2);
  });

  it('exports the filter as CSV', async () => {
    const res = await get('/v1/calls/export.csv?status=completed');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,status,outcome,recipient,phone,call_type,voice,duration_seconds,cost_usd,attempts,message,id,scheduled_at,placed_at,ended_at,created_at,campaign_id,needs_attention,handled_at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',completed,,Ben Okafor,+12025550102,custom,aria,95,0.1,0,');
  });

  it('gets one call, and 404 for an unknown id', async () => {
    const first = (await get('/v1/calls?limit=1')).json().data[0];
    expect((await get(`/v1/calls/${first.id}`)).json().id).toBe(first.id);
    expect((await get(`/v1/calls/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/v1/calls/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('dashboard', () => {
  it('computes every number from the account data', async () => {
    const res = await get('/v1/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Placed calls only: not the scheduled one, not the one cancelled before it went out.
    expect(body).toMatchObject({ total_calls: 5, success_rate: 0, average_duration: 63, contacts: 0 });
    // Trial: every call but the cancelled one counts.
    expect(body.usage).toEqual({ plan: 'trial', used: 6, included: 10, remaining: 4, percent: 60 });
    expect(body.recent_calls).toHaveLength(5);
    expect(body.daily).toHaveLength(30);
    const total = body.daily.reduce(
      (n: number, d: { completed: number; failed: number; other: number }) =>
        n + d.completed + d.failed + d.other,
      0,
    );
    expect(total).toBe(5);
    // Days in the account's time zone (America/New_York by default).
    expect(body.timezone).toBe('America/New_York');
    expect(body.daily.at(-1).date).toBe(
      new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' }),
    );
  });

  it('is empty, not broken, for a new account', async () => {
    const fresh = await signedInUser(t);
    const body = (await t.app.inject({ url: '/v1/dashboard', headers: fresh.headers })).json();
    expect(body).toMatchObject({
      total_calls: 0,
      success_rate: 0,
      average_duration: 0,
      contacts: 0,
      recent_calls: [],
    });
    expect(body.usage).toEqual({ plan: 'trial', used: 0, included: 10, remaining: 10, percent: 0 });
  });
});
