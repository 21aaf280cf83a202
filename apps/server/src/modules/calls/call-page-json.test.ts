import { listCalls, type RawCallRow } from '@callwise/db/queries/calls';
import { callSchema } from '@callwise/shared/schemas/calls';
import { pageSchema } from '@callwise/shared/schemas/pagination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { expectEveryPageAsWritten } from '../../../test/page-bytes.ts';
import { isoText } from '../../http/json-values.ts';
import { callPageJson } from './call-page-json.ts';
import { callResponse } from './call-response.ts';

/**
 * The call history's page is written straight from the database's values (call-page-json.ts). Its bytes must be
 * what the route's serializer wrote from `callResponse` before, which serializer.test.ts shows to be
 * JSON.stringify of zod's output: every page here is compared with that, byte for byte.
 */
let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;

const TRANSCRIPT = JSON.stringify([
  { speaker: 'ai', text: 'Hi Ana, this is Harbor Dental. Press 1 to confirm.', at: 0 },
  { speaker: 'callee', text: 'Pressed 1', at: 1 },
  { speaker: 'ai', text: 'Thanks — see you “tomorrow”. \\ "quoted" \u0007 😀', at: 2.5 },
]);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
/** Five days ago on a whole second: PostgreSQL writes it without a fraction. */
const WHOLE_SECOND = new Date(Math.floor((Date.now() - 5 * 86_400_000) / 1000) * 1000).toISOString();

/** One call, as the engine would have left it. */
async function insertCall(call: Record<string, string | number | null>) {
  const columns = Object.keys(call);
  const casts: Record<string, string> = { transcript: '::jsonb', cost: '::numeric' };
  await t.database.executeSql(
    `INSERT INTO calls (account_id, ${columns.join(', ')})
     VALUES ($1, ${columns.map((column, i) => `$${i + 2}${casts[column] ?? (column.endsWith('_at') ? '::timestamptz' : '')}`).join(', ')})`,
    [user.accountId, ...columns.map((column) => call[column] ?? null)],
  );
}

beforeAll(async () => {
  t = await buildTestApp({ env: { NODE_ENV: 'production' } });
  user = await signedInUser(t);
  const base = { voice: 'aria', message: 'Reminder', call_type: 'appointment-reminder' };
  // Completed with a transcript, cost with four decimals, microseconds that must not round up.
  await insertCall({
    ...base,
    recipient_name: 'Ana “Pérez” \\ <b>',
    phone: '+12025550101',
    message: 'Hi {{first_name}}, see you at 10 — “quoted” \n',
    status: 'completed',
    outcome: 'confirmed',
    attempts: 1,
    duration: 61,
    cost: 0.1235,
    transcript: TRANSCRIPT,
    created_at: daysAgo(1),
    scheduled_at: '2026-01-02 03:04:05.999999+00',
    started_at: '2026-01-02 03:04:05.999999+00',
  });
  // Moved by the calling window: a schedule note, in New York.
  await insertCall({
    ...base,
    recipient_name: 'Ben',
    phone: '+13055550102',
    call_type: 'promotional',
    status: 'scheduled',
    attempts: 0,
    created_at: daysAgo(2),
    scheduled_at: '2026-03-07 13:00:00+00',
    requested_at: '2026-03-07 02:30:00+00',
    timezone: 'America/New_York',
  });
  // Needs attention: asked to reschedule, not handled.
  await insertCall({
    ...base,
    recipient_name: 'Cleo',
    phone: '+14155550103',
    status: 'completed',
    outcome: 'reschedule_requested',
    attempts: 2,
    duration: 30,
    cost: 0,
    created_at: daysAgo(3),
    scheduled_at: daysAgo(3),
    started_at: daysAgo(3),
  });
  // Needs attention but handled.
  await insertCall({
    ...base,
    recipient_name: 'Dan',
    phone: '+14155550104',
    status: 'failed',
    attempts: 3,
    created_at: daysAgo(4),
    scheduled_at: daysAgo(4),
    handled_at: daysAgo(0.1),
    failure_reason: 'The line was busy.',
  });
  // Unicode in the name, an empty transcript, no fraction of a second at all.
  await insertCall({
    ...base,
    recipient_name: 'Émilie 李 😀',
    phone: '+33155550105',
    call_type: 'custom',
    status: 'no-answer',
    attempts: 1,
    transcript: '[]',
    created_at: WHOLE_SECOND,
    scheduled_at: WHOLE_SECOND,
  });
  // Twenty plain ones, to page through.
  await t.database.executeSql(
    `INSERT INTO calls (account_id, recipient_name, phone, message, voice, status, attempts, created_at, scheduled_at)
     SELECT $1, 'Patient ' || g, '+1202555' || lpad(g::text, 4, '0'), 'Hi', 'aria', 'scheduled', 0,
       now() - make_interval(days => 10 + g), now() + make_interval(days => g)
     FROM generate_series(1, 20) AS g`,
    [user.accountId],
  );
});
afterAll(async () => {
  await t.close();
});

/** What the route wrote before: callResponse on each row, through the page's schema. */
async function expected(query: Parameters<typeof listCalls>[2]) {
  const page = await listCalls(t.database.db, user.accountId, query);
  return JSON.stringify(
    pageSchema(callSchema).parse({ data: page.rows.map(callResponse), next_cursor: page.nextCursor }),
  );
}

describe('a page of calls written from the database values', () => {
  it('is byte for byte what the serializer wrote, page after page', async () => {
    const pages = await expectEveryPageAsWritten(t, user.headers, '/v1/calls?limit=7', (cursor) =>
      expected({ limit: 7, cursor }),
    );
    expect(pages).toBe(4);
  });

  it('writes each kind of field as the serializer did', async () => {
    const res = await t.app.inject({ url: '/v1/calls?limit=5', headers: user.headers });
    const [ana, ben, cleo, dan, emilie] = res.json().data;
    expect(ana).toMatchObject({
      recipient_name: 'Ana “Pérez” \\ <b>',
      cost: 0.1235,
      duration: 61,
      started_at: '2026-01-02T03:04:05.999Z',
      transcript: [
        { speaker: 'ai', text: 'Hi Ana, this is Harbor Dental. Press 1 to confirm.', at: 0 },
        { speaker: 'callee', text: 'Pressed 1', at: 1 },
        { speaker: 'ai', text: 'Thanks — see you “tomorrow”. \\ "quoted" \u0007 😀', at: 2.5 },
      ],
    });
    expect(ben.schedule_note).toMatch(/^Outside the calling window|^Moved to /);
    expect(ben).toMatchObject({ requested_at: '2026-03-07T02:30:00.000Z', timezone: 'America/New_York' });
    expect(cleo).toMatchObject({ needs_attention: true, cost: 0, handled_at: null });
    expect(dan).toMatchObject({ needs_attention: false, failure_reason: 'The line was busy.' });
    expect(emilie).toMatchObject({
      recipient_name: 'Émilie 李 😀',
      transcript: [],
      created_at: WHOLE_SECOND,
    });
  });

  it('is the same with filters', async () => {
    for (const [query, filter] of [
      ['view=needs_attention', { view: 'needs_attention' as const }],
      ['status=completed', { status: 'completed' as const }],
      ['outcome=confirmed', { outcome: 'confirmed' as const }],
      ['q=patient', { q: 'patient' }],
    ] as const) {
      const res = await t.app.inject({ url: `/v1/calls?limit=3&${query}`, headers: user.headers });
      expect(res.body, query).toBe(await expected({ limit: 3, ...filter }));
    }
  });

  it('writes only the transcript fields of the schema, as the serializer did', async () => {
    await insertCall({
      recipient_name: 'Extra',
      phone: '+12025550998',
      message: 'Hi',
      voice: 'aria',
      status: 'completed',
      attempts: 1,
      transcript: JSON.stringify([{ at: 0, text: 'Hello', extra: true, speaker: 'ai' }]),
    });
    const res = await t.app.inject({ url: '/v1/calls?limit=2', headers: user.headers });
    expect(res.body).toBe(await expected({ limit: 2 }));
    expect(res.json().data[0].transcript).toEqual([{ speaker: 'ai', text: 'Hello', at: 0 }]);
    await t.database.executeSql(`DELETE FROM calls WHERE recipient_name = 'Extra'`);
  });

  it('leaves a line it cannot write exactly to the serializer', () => {
    const row = { id: 'x', status: 'completed', transcript: [{ speaker: 'system', text: 'Hi', at: 0 }] };
    expect(callPageJson([row as unknown as RawCallRow], null)).toBeNull();
  });
});

describe('isoText', () => {
  it('writes every timestamp form as toISOString does', () => {
    for (const [raw, iso] of [
      ['2026-11-26 23:01:34.784123+00', '2026-11-26T23:01:34.784Z'],
      ['2026-11-26T23:01:34.784123+00:00', '2026-11-26T23:01:34.784Z'],
      ['2026-11-26 23:01:34.9999+00', '2026-11-26T23:01:34.999Z'],
      ['2026-11-26 23:01:34+00', '2026-11-26T23:01:34.000Z'],
      ['2026-11-26 23:01:34.5+00', '2026-11-26T23:01:34.500Z'],
      ['2026-11-26 18:31:34.78+05:30', '2026-11-26T13:01:34.780Z'],
      ['2026-11-26 23:01:34.784-05', '2026-11-27T04:01:34.784Z'],
      ['2026-11-26T23:01:34.784Z', '2026-11-26T23:01:34.784Z'],
    ] as const) {
      expect(isoText(raw), raw).toBe(iso);
      expect(isoText(raw), raw).toBe(
        new Date(raw.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString(),
      );
    }
    expect(isoText(null)).toBeNull();
  });
});
