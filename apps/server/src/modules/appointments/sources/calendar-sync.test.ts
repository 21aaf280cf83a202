import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMaria } from '../../../../test/customers.ts';
import { buildTestApp, signedInUser, type TestApp } from '../../../../test/helper.ts';
import { SecretBox } from '../../../infra/secret-box.ts';
import { calSignature } from './calcom.ts';
import { CalendarConnectionService } from './calendar-connections.ts';
import { icsUrlProblem } from './ics-fetch.ts';

/**
 * ICS and Cal.com into appointments (issue #17, decision 016), through the API: uploads matched again by UID,
 * contacts matched or created, reminder calls following, a subscription that drops an event, Cal.com webhooks
 * signed with the connection's secret, and account isolation.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let other: User;
let mariaId: string;

/** A local calendar server: answers whatever `feed` holds (or `feedStatus`). */
let feedServer: Server;
let feedUrl: string;
let feed = '';
let feedStatus = 200;

const DAY = 86_400_000;
/** Midnight UTC, a few days ahead (reminders a day and two hours before are still to come). */
const base = new Date(Math.floor(Date.now() / DAY) * DAY + 5 * DAY);
const at = (days: number, hour: number, minute = 0) =>
  new Date(base.getTime() + days * DAY + hour * 3_600_000 + minute * 60_000);
const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

interface TestEvent {
  uid: string;
  start: Date;
  minutes?: number;
  summary: string;
  description?: string;
  attendee?: string;
  status?: string;
}

function calendar(events: TestEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Callwise tests//EN', 'METHOD:PUBLISH'];
  for (const event of events) {
    const end = new Date(event.start.getTime() + (event.minutes ?? 30) * 60_000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${icsTime(new Date())}`,
      `DTSTART:${icsTime(event.start)}`,
      `DTEND:${icsTime(end)}`,
      `SUMMARY:${event.summary}`,
      ...(event.description ? [`DESCRIPTION:${event.description}`] : []),
      ...(event.attendee ? [event.attendee] : []),
      `STATUS:${event.status ?? 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const phoneEvent: TestEvent = {
  uid: 'phone-match@test',
  start: at(0, 15),
  summary: 'Cleaning',
  description: 'Patient mobile: (202) 555-0143',
};
const emailEvent: TestEvent = {
  uid: 'email-match@test',
  start: at(0, 16),
  summary: 'Check-up',
  attendee: 'ATTENDEE;CN=Maria Garcia:mailto:MARIA@example.com',
};
const newEvent: TestEvent = {
  uid: 'new-contact@test',
  start: at(1, 15),
  summary: 'First visit',
  description: 'Mobile: (202) 555-0177',
  attendee: 'ATTENDEE;CN=Nina Novak:mailto:nina@example.com',
};
const noPhoneEvent: TestEvent = {
  uid: 'no-phone@test',
  start: at(1, 17),
  summary: 'Walk-in',
  attendee: 'ATTENDEE;CN=Someone:mailto:someone@example.com',
};

beforeAll(async () => {
  t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  owner = await signedInUser(t, { plan: 'professional' });
  other = await signedInUser(t, { plan: 'professional' });
  mariaId = (await addMaria(t, owner, { phone: '+12025550143', existing_customer: true })).id;
  feedServer = createServer((request, reply) => {
    if (request.url !== '/calendar.ics') return void reply.writeHead(404).end();
    reply.writeHead(feedStatus, { 'content-type': 'text/calendar' }).end(feedStatus === 200 ? feed : 'oops');
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/calendar.ics`;
});
afterAll(async () => {
  if (feedServer) await new Promise((resolve) => feedServer.close(resolve));
  await t?.close();
});

const upload = (user: User, ics: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/appointments/import-ics',
    headers: { ...user.headers, 'content-type': 'text/calendar' },
    payload: ics,
  });

async function appointmentBy(accountId: string, externalId: string) {
  const { rows } = await t.database.executeSql(
    'SELECT * FROM appointments WHERE account_id = $1 AND external_id = $2',
    [accountId, externalId],
  );
  return rows[0] as Record<string, unknown> | undefined;
}

async function callsOf(appointmentId: string) {
  const { rows } = await t.database.executeSql(
    'SELECT status, contact_id FROM calls WHERE appointment_id = $1 ORDER BY scheduled_at',
    [appointmentId],
  );
  return rows as Array<{ status: string; contact_id: string }>;
}

describe('uploading an .ics file', () => {
  const events = [phoneEvent, emailEvent, newEvent, noPhoneEvent];

  it('creates appointments, matching contacts by phone then e-mail, creating one with a phone', async () => {
    const res = await upload(owner, calendar(events));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 4, updated: 0, cancelled: 0, unchanged: 0, skipped: [] });

    const byPhone = await appointmentBy(owner.accountId, phoneEvent.uid);
    expect(byPhone).toMatchObject({ contact_id: mariaId, source: 'ics', status: 'scheduled' });
    expect(new Date(byPhone?.starts_at as string).getTime()).toBe(phoneEvent.start.getTime());
    const reminders = await callsOf(byPhone?.id as string);
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((call) => call.status === 'scheduled' && call.contact_id === mariaId)).toBe(true);

    expect(await appointmentBy(owner.accountId, emailEvent.uid)).toMatchObject({ contact_id: mariaId });

    const created = await appointmentBy(owner.accountId, newEvent.uid);
    const { rows } = await t.database.executeSql('SELECT * FROM contacts WHERE id = $1', [
      created?.contact_id,
    ]);
    expect(rows[0]).toMatchObject({
      name: 'Nina Novak',
      phone: '+12025550177',
      email: 'nina@example.com',
      existing_customer: true,
      consent_source: 'ics',
    });
    expect((await callsOf(created?.id as string)).length).toBeGreaterThan(0);

    const noPhone = await appointmentBy(owner.accountId, noPhoneEvent.uid);
    expect(noPhone).toMatchObject({ contact_id: null, status: 'scheduled' });
    expect(await callsOf(noPhone?.id as string)).toEqual([]);
  });

  it('changes nothing when the same file comes again', async () => {
    const res = await upload(owner, calendar(events));
    expect(res.json()).toEqual({ created: 0, updated: 0, cancelled: 0, unchanged: 4, skipped: [] });
  });

  it('moves an appointment whose event moved, with new reminders', async () => {
    const before = await appointmentBy(owner.accountId, phoneEvent.uid);
    const moved = { ...phoneEvent, start: at(2, 9) };
    const res = await upload(owner, calendar([moved, emailEvent, newEvent, noPhoneEvent]));
    expect(res.json()).toEqual({ created: 0, updated: 1, cancelled: 0, unchanged: 3, skipped: [] });

    const after = await appointmentBy(owner.accountId, phoneEvent.uid);
    expect(after?.id).not.toBe(before?.id);
    expect(new Date(after?.starts_at as string).getTime()).toBe(moved.start.getTime());
    expect(after).toMatchObject({
      rescheduled_from_id: before?.id,
      status: 'scheduled',
      contact_id: mariaId,
    });
    const old = await t.app.inject({ url: `/v1/appointments/${before?.id}`, headers: owner.headers });
    expect(old.json()).toMatchObject({ status: 'rescheduled', rescheduled_to: after?.id });
    expect((await callsOf(before?.id as string)).every((call) => call.status === 'canceled')).toBe(true);
    expect((await callsOf(after?.id as string)).some((call) => call.status === 'scheduled')).toBe(true);

    // And again: unchanged at its new time.
    const again = await upload(owner, calendar([moved, emailEvent, newEvent, noPhoneEvent]));
    expect(again.json()).toMatchObject({ updated: 0, unchanged: 4 });
  });

  it('corrects the details of an event at the same time in place', async () => {
    const before = await appointmentBy(owner.accountId, emailEvent.uid);
    const res = await upload(owner, calendar([{ ...emailEvent, summary: 'Check-up and X-ray' }]));
    expect(res.json()).toMatchObject({ updated: 1, unchanged: 0 });
    const after = await appointmentBy(owner.accountId, emailEvent.uid);
    expect(after).toMatchObject({ id: before?.id, notes: 'Check-up and X-ray' });
  });

  it('cancels an appointment whose event was cancelled, with its reminders', async () => {
    const res = await upload(owner, calendar([{ ...newEvent, status: 'CANCELLED' }]));
    expect(res.json()).toEqual({ created: 0, updated: 0, cancelled: 1, unchanged: 0, skipped: [] });
    const row = await appointmentBy(owner.accountId, newEvent.uid);
    expect(row?.status).toBe('cancelled');
    expect((await callsOf(row?.id as string)).every((call) => call.status === 'canceled')).toBe(true);
    // A cancelled appointment stays cancelled when the calendar lists the event again.
    const again = await upload(owner, calendar([newEvent]));
    expect(again.json()).toMatchObject({ unchanged: 1, created: 0 });
  });

  it('skips an event that overlaps another appointment, and says why', async () => {
    const clash: TestEvent = { uid: 'clash@test', start: at(2, 9, 15), summary: 'Double-booked' };
    const res = await upload(owner, calendar([clash]));
    expect(res.json()).toEqual({
      created: 0,
      updated: 0,
      cancelled: 0,
      unchanged: 0,
      skipped: [
        { external_id: 'clash@test', reason: 'overlaps another appointment of the same staff member' },
      ],
    });
    expect(await appointmentBy(owner.accountId, 'clash@test')).toBeUndefined();
  });

  it('answers 400 naming the field for text that is not a calendar (JSON or text/calendar)', async () => {
    const text = await upload(owner, 'this is not a calendar');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.details[0].field).toBe('ics');
    const json = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments/import-ics',
      headers: owner.headers,
      payload: { ics: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:cut-off' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.details[0].field).toBe('ics');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/appointments/import-ics',
      headers: owner.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('ics');
  });
});

describe('an ICS subscription', () => {
  const first: TestEvent = {
    uid: 'sub-1@test',
    start: at(3, 10),
    summary: 'Consult',
    description: 'Tel 202 555 0143',
  };
  const second: TestEvent = { uid: 'sub-2@test', start: at(3, 11), summary: 'Follow-up' };
  let connectionId: string;

  it('refuses a local address by the webhook rules', () => {
    expect(icsUrlProblem('http://127.0.0.1/calendar.ics', false)).toMatch(/loopback/);
    expect(icsUrlProblem('webcal://calendar.example.com/feed.ics', false)).toBeNull();
    expect(icsUrlProblem('ftp://calendar.example.com/feed.ics', false)).toMatch(/http/);
  });

  it('is read when added', async () => {
    feed = calendar([first, second]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/calendar-connections',
      headers: owner.headers,
      payload: { kind: 'ics', name: 'Front desk', url: feedUrl },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'ics',
      name: 'Front desk',
      url: feedUrl,
      webhook_url: null,
      secret: null,
      last_error: null,
      sync: { created: 2, updated: 0, cancelled: 0, unchanged: 0, skipped: [] },
    });
    expect(body.last_synced_at).not.toBeNull();
    connectionId = body.id;
  });

  it('cancels an event gone from the feed', async () => {
    feed = calendar([first]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/calendar-connections/${connectionId}/sync`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sync).toEqual({ created: 0, updated: 0, cancelled: 1, unchanged: 1, skipped: [] });
    expect((await appointmentBy(owner.accountId, second.uid))?.status).toBe('cancelled');
    expect((await appointmentBy(owner.accountId, first.uid))?.status).toBe('scheduled');
  });

  it('keeps its error when the calendar cannot be read, and the refresh job reads it again', async () => {
    feedStatus = 500;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/calendar-connections/${connectionId}/sync`,
      headers: owner.headers,
    });
    expect(res.json()).toMatchObject({
      sync: null,
      connection: { last_error: expect.stringMatching(/HTTP 500/) },
    });

    feedStatus = 200;
    feed = calendar([first, { ...second, uid: 'sub-3@test', start: at(3, 12) }]);
    const refresh = new CalendarConnectionService({
      db: t.database.db,
      appointments: t.services.appointments,
      config: t.config,
      log: { info: () => undefined, warn: () => undefined },
      secrets: new SecretBox(t.config.JWT_SECRET),
    });
    expect(await refresh.refreshAll()).toEqual({ synced: 1, failed: 0 });
    const list = await t.app.inject({ url: '/v1/calendar-connections', headers: owner.headers });
    expect(list.json().data).toEqual([expect.objectContaining({ id: connectionId, last_error: null })]);
    expect((await appointmentBy(owner.accountId, 'sub-3@test'))?.status).toBe('scheduled');
  });

  it('cannot be seen, read or removed by another account', async () => {
    const list = await t.app.inject({ url: '/v1/calendar-connections', headers: other.headers });
    expect(list.json().data).toEqual([]);
    const sync = await t.app.inject({
      method: 'POST',
      url: `/v1/calendar-connections/${connectionId}/sync`,
      headers: other.headers,
    });
    expect(sync.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/calendar-connections/${connectionId}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
  });
});

describe('Cal.com webhooks', () => {
  let connectionId: string;
  let secret: string;
  let webhookPath: string;

  function booking(trigger: string, uid: string, start: Date, extra: Record<string, unknown> = {}) {
    return {
      triggerEvent: trigger,
      createdAt: new Date().toISOString(),
      payload: {
        title: '30min between Front desk and Omar Haddad',
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
        organizer: { name: 'Front desk', email: 'desk@example.com', timeZone: 'America/New_York' },
        attendees: [
          {
            name: 'Omar Haddad',
            email: 'omar@example.com',
            timeZone: 'America/New_York',
            phoneNumber: '+12025550188',
          },
        ],
        location: 'Main St Clinic',
        uid,
        bookingId: 7,
        status: 'ACCEPTED',
        ...extra,
      },
    };
  }

  const post = (body: unknown, options: { secret?: string; path?: string } = {}) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: options.path ?? webhookPath,
      headers: {
        'content-type': 'application/json',
        'x-cal-signature-256': calSignature(raw, options.secret ?? secret),
      },
      payload: raw,
    });
  };

  it('is added with its webhook URL and secret, shown once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/calendar-connections',
      headers: owner.headers,
      payload: { kind: 'calcom', name: 'Cal.com', api_key: 'cal_live_secret_key' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'calcom', has_api_key: true, url: null, sync: null });
    expect(body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(body.webhook_url).toBe(`${t.config.PUBLIC_URL}/hooks/calcom/${body.id}`);
    expect(JSON.stringify(body)).not.toContain('cal_live_secret_key');
    connectionId = body.id;
    secret = body.secret;
    webhookPath = `/hooks/calcom/${connectionId}`;

    const list = await t.app.inject({ url: '/v1/calendar-connections', headers: owner.headers });
    const listed = list.json().data.find((row: { id: string }) => row.id === connectionId);
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(list.json())).not.toContain('cal_live_secret_key');
  });

  it('creates an appointment for BOOKING_CREATED, and a replay changes nothing', async () => {
    const body = booking('BOOKING_CREATED', 'cal-uid-1', at(4, 14));
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ignored: false, created: 1 });
    const row = await appointmentBy(owner.accountId, 'cal-uid-1');
    expect(row).toMatchObject({ source: 'calcom', location: 'Main St Clinic', status: 'scheduled' });
    const { rows } = await t.database.executeSql('SELECT * FROM contacts WHERE id = $1', [row?.contact_id]);
    expect(rows[0]).toMatchObject({
      phone: '+12025550188',
      existing_customer: true,
      consent_source: 'calcom',
    });
    expect((await callsOf(row?.id as string)).length).toBeGreaterThan(0);

    const replay = await post(body);
    expect(replay.json()).toMatchObject({ created: 0, unchanged: 1 });
  });

  it('moves it for BOOKING_RESCHEDULED (found by the booking it replaced), idempotently', async () => {
    const before = await appointmentBy(owner.accountId, 'cal-uid-1');
    const body = booking('BOOKING_RESCHEDULED', 'cal-uid-2', at(4, 16), { rescheduleUid: 'cal-uid-1' });
    const res = await post(body);
    expect(res.json()).toMatchObject({ updated: 1, created: 0 });
    const after = await appointmentBy(owner.accountId, 'cal-uid-2');
    expect(after).toMatchObject({ rescheduled_from_id: before?.id, status: 'scheduled' });
    expect(new Date(after?.starts_at as string).getTime()).toBe(at(4, 16).getTime());
    const old = await t.app.inject({ url: `/v1/appointments/${before?.id}`, headers: owner.headers });
    expect(old.json()).toMatchObject({ status: 'rescheduled', rescheduled_to: after?.id });

    const replay = await post(body);
    expect(replay.json()).toMatchObject({ updated: 0, created: 0, unchanged: 1 });
  });

  it('cancels it for BOOKING_CANCELLED', async () => {
    const body = booking('BOOKING_CANCELLED', 'cal-uid-2', at(4, 16), { cancellationReason: 'Sick' });
    const res = await post(body);
    expect(res.json()).toMatchObject({ cancelled: 1 });
    const row = await appointmentBy(owner.accountId, 'cal-uid-2');
    expect(row?.status).toBe('cancelled');
    expect((await callsOf(row?.id as string)).every((call) => call.status === 'canceled')).toBe(true);
    expect((await post(body)).json()).toMatchObject({ cancelled: 0, unchanged: 1 });
  });

  it('acknowledges other triggers and ignores them', async () => {
    const res = await post({
      triggerEvent: 'MEETING_ENDED',
      createdAt: new Date().toISOString(),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, ignored: true });
  });

  it('refuses a bad signature (401), an unknown connection (404) and a bad payload (400 naming the field)', async () => {
    const body = booking('BOOKING_CREATED', 'cal-uid-9', at(4, 18));
    expect((await post(body, { secret: 'not-the-secret' })).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(
      (await post(body, { path: '/hooks/calcom/0b0b0b0b-0000-4000-8000-000000000404' })).statusCode,
    ).toBe(404);
    expect((await post(body, { path: '/hooks/calcom/not-an-id' })).statusCode).toBe(404);
    const bad = await post(booking('BOOKING_CREATED', 'cal-uid-9', at(4, 18), { startTime: 'soon' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('payload.startTime');
    expect(await appointmentBy(owner.accountId, 'cal-uid-9')).toBeUndefined();
  });

  it('refuses a connection’s webhooks past 300 a minute with 429 and Retry-After, the next window takes them', async () => {
    const key = `calcom-webhook:${connectionId}`;
    await t.database.executeSql(
      'INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 300) ON CONFLICT (key) DO UPDATE SET window_start = now(), count = 300',
      [key],
    );
    const body = booking('BOOKING_CREATED', 'cal-uid-flood', at(4, 19));
    const refused = await post(body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await appointmentBy(owner.accountId, 'cal-uid-flood')).toBeUndefined();
    await t.database.executeSql(
      "UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key = $1",
      [key],
    );
    expect((await post(body)).json()).toMatchObject({ created: 1 });
  });

  it('opens only with its own secret, writes only into its account, and is hidden from other accounts', async () => {
    // Another account's connection: its webhook signed with its own secret writes into its own account only.
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/calendar-connections',
      headers: other.headers,
      payload: { kind: 'calcom', name: 'Theirs' },
    });
    const theirs = res.json();
    // Our secret does not open their connection.
    const body = booking('BOOKING_CREATED', 'cal-uid-other', at(5, 9));
    expect((await post(body, { path: `/hooks/calcom/${theirs.id}` })).statusCode).toBe(401);
    expect(
      (await post(body, { path: `/hooks/calcom/${theirs.id}`, secret: theirs.secret })).json(),
    ).toMatchObject({ created: 1 });
    expect(await appointmentBy(other.accountId, 'cal-uid-other')).toBeDefined();
    expect(await appointmentBy(owner.accountId, 'cal-uid-other')).toBeUndefined();
    // And we cannot see, read or remove it.
    const list = await t.app.inject({ url: '/v1/calendar-connections', headers: owner.headers });
    expect(list.json().data.map((row: { id: string }) => row.id)).not.toContain(theirs.id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/calendar-connections/${theirs.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(404);
  });

  it('is removed by its account, and its webhook is refused afterwards', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/calendar-connections/${connectionId}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await post(booking('BOOKING_CREATED', 'cal-uid-late', at(5, 11)))).statusCode).toBe(404);
  });
});
