import { campaigns } from '@callwise/db/schema';
import { seedCall } from '@callwise/db/seed/factories';
import { parseCsv } from '@callwise/shared/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createApiKey, signedInUser, type TestApp } from '../../../test/helper.ts';
import { EXPORT_COLUMNS } from './calls.routes.ts';

/** Issue #16 items 4–6: placed calls only, the success rate, filters, Needs attention and handled, the export. */
let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let campaignId: string;
const ids: Record<string, string> = {};
const hour = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  user = await signedInUser(t);
  other = await signedInUser(t);
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({ accountId: user.accountId, name: 'Spring', voice: 'aria', startsAt: new Date() })
    .returning();
  campaignId = campaign?.id as string;
  const now = Date.now();
  const rows = [
    // name, status, outcome, attempts, campaign, placed/ended hours ago (null: not placed), scheduled in hours
    ['Confirmed Cara', 'completed', 'confirmed', 1, true, 5, -5],
    ['Reschedule Rita', 'completed', 'reschedule_requested', 1, false, 4, -4],
    ['Cancelled Carl', 'completed', 'cancelled', 1, true, 3, -3],
    ['Voicemail Vera', 'completed', 'voicemail', 1, false, 2, -2],
    ['Silent Sam', 'completed', null, 1, false, 2, -2],
    ['Failed Fay', 'failed', null, 1, false, 1, -1],
    ['Unanswered Una', 'no-answer', null, 3, false, 1, -1],
    // Tried once, no answer, its retry waits: not placed for the chart, not yet needing attention.
    ['Retry Rex', 'scheduled', null, 1, false, null, 0.5],
    ['Tomorrow Tom', 'scheduled', null, 0, false, null, 24],
    ['Withdrawn Wes', 'canceled', null, 0, false, null, 2],
  ] as const;
  for (const [index, [name, status, outcome, attempts, inCampaign, ago, inHours]] of rows.entries()) {
    const placedAt = ago === null ? null : new Date(now - ago * hour);
    const row = await seedCall(t.database.db, user.accountId, {
      recipientName: name,
      status,
      outcome,
      attempts,
      campaignId: inCampaign ? campaignId : null,
      scheduledAt: new Date(now + inHours * hour),
      placedAt,
      endedAt: placedAt && status !== 'scheduled' ? new Date(placedAt.getTime() + 30_000) : null,
      duration: status === 'completed' ? 30 : null,
      createdAt: new Date(now - 48 * hour + index * 1000),
    });
    ids[name] = row.id;
  }
  // Another account's call that needs attention: never seen here.
  await seedCall(t.database.db, other.accountId, { recipientName: 'Stranger', status: 'failed' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers = user.headers) => t.app.inject({ url, headers });
const names = async (url: string, headers = user.headers) =>
  (await get(url, headers)).json().data.map((c: { recipient_name: string }) => c.recipient_name);

describe('dashboard numbers', () => {
  it('counts placed calls only and defines success as confirmed answered calls', async () => {
    const body = (await get('/v1/dashboard')).json();
    // 7 ended calls and the retry tried once; not the call for tomorrow, not the one withdrawn.
    expect(body.total_calls).toBe(8);
    // Tomorrow's call; the retry waiting was placed once already.
    expect(body.scheduled_calls).toBe(1);
    // Answered: 4 completed calls that are not voicemail; 1 of them confirmed.
    expect(body.success_rate).toBe(25);
    expect(body.needs_attention).toBe(4);
  });

  it('counts a callee who moved the appointment to a new time during the call as a success', async () => {
    const mover = await signedInUser(t);
    const placedAt = new Date(Date.now() - hour);
    for (const outcome of ['rescheduled', 'cancelled'] as const) {
      await seedCall(t.database.db, mover.accountId, {
        recipientName: outcome,
        status: 'completed',
        outcome,
        attempts: 1,
        placedAt,
        endedAt: new Date(placedAt.getTime() + 30_000),
        duration: 30,
      });
    }
    expect((await get('/v1/dashboard', mover.headers)).json().success_rate).toBe(50);
  });

  it('charts placed calls on the day they were placed, not the future call', async () => {
    const body = (await get('/v1/dashboard')).json();
    const sum = body.daily.reduce(
      (n: number, d: { completed: number; failed: number; other: number }) =>
        n + d.completed + d.failed + d.other,
      0,
    );
    expect(sum).toBe(7);
  });

  it('shows recent activity of placed calls with their outcomes', async () => {
    const recent = (await get('/v1/dashboard')).json().recent_calls as Array<{
      recipient_name: string;
      outcome: string | null;
    }>;
    expect(recent.map((c) => c.recipient_name)).not.toContain('Tomorrow Tom');
    expect(recent.map((c) => c.recipient_name)).not.toContain('Withdrawn Wes');
    expect(recent).toHaveLength(5);
    expect(recent.find((c) => c.recipient_name === 'Voicemail Vera')?.outcome).toBe('voicemail');
  });

  it('is zero, not a division by zero, with no answered call', async () => {
    const body = (await get('/v1/dashboard', other.headers)).json();
    expect(body).toMatchObject({ total_calls: 1, success_rate: 0, needs_attention: 1 });
  });
});

describe('filters', () => {
  it('filters by outcome and by campaign, and the summary follows', async () => {
    expect(await names('/v1/calls?outcome=voicemail')).toEqual(['Voicemail Vera']);
    expect(await names(`/v1/calls?campaign_id=${campaignId}`)).toEqual(['Cancelled Carl', 'Confirmed Cara']);
    expect(await names(`/v1/calls?campaign_id=${campaignId}&outcome=confirmed`)).toEqual(['Confirmed Cara']);
    const summary = (await get(`/v1/calls/summary?campaign_id=${campaignId}`)).json();
    expect(summary).toMatchObject({ total: 2, answered: 2, success_rate: 50 });
    expect((await get('/v1/calls?outcome=maybe')).statusCode).toBe(400);
    expect((await get('/v1/calls?campaign_id=nope')).statusCode).toBe(400);
    expect((await get('/v1/calls?view=weird')).statusCode).toBe(400);
  });

  it('a campaign of another account shows nothing', async () => {
    expect(await names(`/v1/calls?campaign_id=${campaignId}`, other.headers)).toEqual([]);
  });
});

describe('needs attention', () => {
  it('holds reschedule requests, cancellations, failures and no answer after every attempt', async () => {
    expect(await names('/v1/calls?view=needs_attention')).toEqual([
      'Unanswered Una',
      'Failed Fay',
      'Cancelled Carl',
      'Reschedule Rita',
    ]);
    const summary = (await get('/v1/calls/summary?view=needs_attention')).json();
    expect(summary.total).toBe(4);
    expect(summary.needs_attention).toBe(4);
    const list = (await get('/v1/calls?q=rex')).json().data[0];
    expect(list.needs_attention).toBe(false);
    expect((await get('/v1/calls?view=needs_attention', other.headers)).json().data).toHaveLength(1);
  });

  it('marks a call handled and undoes it, and the API key’s cached page follows', async () => {
    const key = await createApiKey(t, user);
    const url = '/v1/calls?view=needs_attention';
    expect(await names(url, key.headers)).toHaveLength(4);
    const id = ids['Reschedule Rita'];
    const done = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${id}/handled`,
      headers: user.headers,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ needs_attention: false });
    expect(done.json().handled_at).not.toBeNull();
    // Again: the first time stays.
    const again = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${id}/handled`,
      headers: key.headers,
    });
    expect(again.json().handled_at).toBe(done.json().handled_at);
    expect(await names(url, key.headers)).not.toContain('Reschedule Rita');
    expect((await get('/v1/calls/summary')).json().needs_attention).toBe(3);
    expect((await get('/v1/dashboard')).json().needs_attention).toBe(3);

    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/v1/calls/${id}/handled`,
      headers: key.headers,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({ needs_attention: true, handled_at: null });
    expect(await names(url, key.headers)).toContain('Reschedule Rita');
  });

  it('never touches another account’s call', async () => {
    const id = ids['Failed Fay'];
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/calls/${id}/handled`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/v1/calls/${id}/handled`,
      headers: other.headers,
    });
    expect(undo.statusCode).toBe(404);
    expect(await names('/v1/calls?view=needs_attention')).toContain('Failed Fay');
  });
});

describe('export', () => {
  it('carries when the call goes out, placed, ended, outcome and attempts', async () => {
    const res = await get('/v1/calls/export.csv?view=needs_attention');
    const [header, ...lines] = parseCsv(res.body, ',').map((record) => record.fields);
    const columns = header ?? [];
    expect(columns).toEqual([...EXPORT_COLUMNS]);
    // Readers by position: the first twelve columns keep their places (new ones only ever come at the end).
    expect(columns.slice(0, 12).join(',')).toBe(
      'date,status,outcome,recipient,phone,call_type,voice,duration_seconds,cost_usd,attempts,message,id',
    );
    expect(lines).toHaveLength(4);
    const una = (await get('/v1/calls?q=una')).json().data[0];
    const row = lines.find((line) => line.includes('Unanswered Una')) ?? [];
    const cell = (name: string) => row[columns.indexOf(name)];
    expect(cell('date')).toBe(una.scheduled_at);
    expect(cell('scheduled_at')).toBe(una.scheduled_at);
    expect(cell('created_at')).toBe(una.created_at);
    expect(cell('ended_at')).toBe(una.ended_at);
    expect(cell('placed_at')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(cell('status')).toBe('no-answer');
    expect(cell('attempts')).toBe('3');
    expect(cell('needs_attention')).toBe('true');
    const rita = lines.find((line) => line.includes('Reschedule Rita')) ?? [];
    expect(rita[columns.indexOf('outcome')]).toBe('reschedule_requested');
  });
});
