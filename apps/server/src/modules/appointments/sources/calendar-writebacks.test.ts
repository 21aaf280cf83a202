import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../../test/helper.ts';
import { SecretBox } from '../../../infra/secret-box.ts';
import { CALCOM_BOOKINGS_API_VERSION, CalcomClient, calSignature } from './calcom.ts';
import { type FakeCalcom, startFakeCalcom } from './calcom-test-server.ts';
import {
  CALENDAR_WRITEBACKS,
  CANCEL_REASON,
  CalendarWritebackSender,
  RESCHEDULE_REASON,
} from './calendar-writebacks.ts';

/**
 * Cancellations and moves made here to Cal.com appointments, written back through Cal.com's API v2 (decision 022),
 * against a local fake of its documented endpoints: once, in order, never for what Cal.com itself said, and never
 * twice after a crash or an unanswered move. Plus the connection's staff member and its PATCH.
 */
const API_KEY = 'cal_live_writeback_0123456789abcdef';
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Midnight UTC, a week ahead. */
const base = new Date(Math.floor(Date.now() / DAY) * DAY + 7 * DAY);
const at = (days: number, hour: number) => new Date(base.getTime() + days * DAY + hour * 3_600_000);

let t: TestApp;
let fake: FakeCalcom;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let other: User;
let connectionId: string;
let secret: string;

/** The sender as the job builds it, with no waiting between Cal.com's retries (and a short timeout). */
const sender = () =>
  new CalendarWritebackSender({
    db: t.database.db,
    secrets: new SecretBox(t.config.JWT_SECRET),
    calcom: (apiKey) =>
      new CalcomClient({ apiKey, baseUrl: fake.url, maxRetries: 0, timeoutMs: 300, sleep: async () => {} }),
  });

beforeAll(async () => {
  fake = await startFakeCalcom({ apiKey: API_KEY });
  t = await buildTestApp({ env: { CALCOM_API_BASE_URL: fake.url } });
  // The app's own job would race the runs these tests make (a change wakes it): here only the tests send.
  await t.queue.offWork(CALENDAR_WRITEBACKS);
  owner = await signedInUser(t, { plan: 'professional' });
  other = await signedInUser(t, { plan: 'professional' });
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/v1/booking-settings',
    headers: owner.headers,
    payload: {
      ...DEFAULT_BOOKING_SETTINGS,
      staff: [{ name: 'Dr. Patel', bookable: true, hours: null }],
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/calendar-connections',
    headers: owner.headers,
    payload: { kind: 'calcom', name: 'Cal.com', api_key: API_KEY, staff: 'dr. patel' },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ staff: 'Dr. Patel', has_api_key: true });
  connectionId = res.json().id;
  secret = res.json().secret;
  // The key is stored sealed, not as given.
  const stored = await t.database.executeSql('SELECT api_key FROM calendar_connections WHERE id = $1', [
    connectionId,
  ]);
  expect((stored.rows[0] as { api_key: string }).api_key).toMatch(/^v1:/);
  expect(JSON.stringify(stored.rows)).not.toContain(API_KEY);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.answers.length = 0;
  fake.delayMs = 0;
});

function webhook(
  trigger: string,
  uid: string,
  start: Date,
  extra: Record<string, unknown> = {},
  path = `/hooks/calcom/${connectionId}`,
  key = secret,
) {
  const raw = JSON.stringify({
    triggerEvent: trigger,
    createdAt: new Date().toISOString(),
    payload: {
      title: '30 Min Meeting between Pro Example and Omar Haddad',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 30 * MINUTE).toISOString(),
      attendees: [{ name: 'Omar Haddad', email: 'omar@example.com', phoneNumber: '+12025550188' }],
      uid,
      status: 'ACCEPTED',
      ...extra,
    },
  });
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', 'x-cal-signature-256': calSignature(raw, key) },
    payload: raw,
  });
}

/** A booking at Cal.com (the fake) and here, through its BOOKING_CREATED webhook. */
async function booked(start: Date) {
  const booking = fake.addBooking({ start, end: new Date(start.getTime() + 30 * MINUTE) });
  const res = await webhook('BOOKING_CREATED', booking.uid, start);
  expect(res.json()).toMatchObject({ created: 1 });
  const row = await appointmentBy(booking.uid);
  return { booking, id: row?.id as string };
}

async function appointmentBy(externalId: string) {
  const { rows } = await t.database.executeSql(
    "SELECT * FROM appointments WHERE account_id = $1 AND source = 'calcom' AND external_id = $2",
    [owner.accountId, externalId],
  );
  return rows[0] as Record<string, string> | undefined;
}

async function writebacksOf(appointmentId: string) {
  const { rows } = await t.database.executeSql(
    'SELECT action, status, attempts, error, send_at FROM calendar_writebacks WHERE appointment_id = $1',
    [appointmentId],
  );
  return rows as Array<{
    action: string;
    status: string;
    attempts: number;
    error: string | null;
    send_at: Date;
  }>;
}

const requestsFor = (uid: string) => fake.requests.filter((request) => request.path.includes(`/${uid}/`));

const act = (id: string, action: 'cancel' | 'confirm') =>
  t.app.inject({ method: 'POST', url: `/v1/appointments/${id}/${action}`, headers: owner.headers });
const move = (id: string, start: Date) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/appointments/${id}/reschedule`,
    headers: owner.headers,
    payload: { starts_at: start.toISOString() },
  });

describe('writing back to Cal.com', () => {
  it('books a Cal.com booking as the connection’s staff member, remembering the connection', async () => {
    const { id } = await booked(at(0, 14));
    const { rows } = await t.database.executeSql(
      'SELECT staff, calendar_connection_id FROM appointments WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ staff: 'Dr. Patel', calendar_connection_id: connectionId });
  });

  it('cancels the booking once when the appointment is cancelled here; Cal.com’s echo changes nothing', async () => {
    const { booking, id } = await booked(at(0, 16));
    expect((await act(id, 'cancel')).statusCode).toBe(200);
    expect(await writebacksOf(id)).toMatchObject([{ action: 'cancel', status: 'pending' }]);

    await sender().sendDue();
    expect(await writebacksOf(id)).toMatchObject([{ action: 'cancel', status: 'done', error: null }]);
    const [request, ...more] = requestsFor(booking.uid);
    expect(more).toEqual([]);
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v2/bookings/${booking.uid}/cancel`,
      body: { cancellationReason: CANCEL_REASON },
    });
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers['cal-api-version']).toBe(CALCOM_BOOKINGS_API_VERSION);
    expect(fake.bookings.get(booking.uid)?.status).toBe('cancelled');

    await sender().sendDue(new Date(Date.now() + DAY));
    expect(requestsFor(booking.uid)).toHaveLength(1);
    const echo = await webhook('BOOKING_CANCELLED', booking.uid, at(0, 16), { status: 'CANCELLED' });
    expect(echo.json()).toMatchObject({ cancelled: 0, unchanged: 1 });
    expect(await writebacksOf(id)).toHaveLength(1);
  });

  it('moves the booking when the appointment moves here; the new one takes Cal.com’s new booking', async () => {
    const { booking, id } = await booked(at(1, 14));
    const res = await move(id, at(1, 17));
    expect(res.statusCode, res.body).toBe(201);
    const movedId = res.json().id as string;
    expect(await writebacksOf(id)).toMatchObject([{ action: 'reschedule', status: 'pending' }]);

    await sender().sendDue();
    expect(await writebacksOf(id)).toMatchObject([{ action: 'reschedule', status: 'done' }]);
    expect(requestsFor(booking.uid)).toMatchObject([
      {
        path: `/v2/bookings/${booking.uid}/reschedule`,
        body: { start: at(1, 17).toISOString(), reschedulingReason: RESCHEDULE_REASON },
      },
    ]);
    const newUid = fake.bookings.get(booking.uid)?.rescheduledToUid as string;
    expect(newUid).toBeTruthy();
    expect(await appointmentBy(newUid)).toMatchObject({ id: movedId, status: 'scheduled' });

    // Cal.com then tells us about its new booking: it is the appointment already there.
    const echo = await webhook('BOOKING_RESCHEDULED', newUid, at(1, 17), { rescheduleUid: booking.uid });
    expect(echo.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const { rows } = await t.database.executeSql(
      "SELECT count(*)::int AS n FROM appointments WHERE account_id = $1 AND starts_at = $2 AND status <> 'rescheduled'",
      [owner.accountId, at(1, 17)],
    );
    expect(rows[0]).toEqual({ n: 1 });
    expect(await writebacksOf(movedId)).toEqual([]);
  });

  it('adopts Cal.com’s new booking when its webhook comes before the write-back has finished', async () => {
    const { booking, id } = await booked(at(2, 14));
    const movedId = (await move(id, at(2, 16))).json().id as string;
    const echo = await webhook('BOOKING_RESCHEDULED', 'cal-new-early', at(2, 16), {
      rescheduleUid: booking.uid,
    });
    expect(echo.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await appointmentBy('cal-new-early')).toMatchObject({ id: movedId });
  });

  it('writes a second move after the first, with the id the first one gave', async () => {
    const { booking, id } = await booked(at(3, 9));
    const second = (await move(id, at(3, 11))).json().id as string;
    const third = (await move(second, at(3, 13))).json().id as string;
    const run = await sender().sendDue();
    expect(run.done).toBeGreaterThanOrEqual(2);
    const firstUid = fake.bookings.get(booking.uid)?.rescheduledToUid as string;
    const secondUid = fake.bookings.get(firstUid)?.rescheduledToUid as string;
    expect(fake.bookings.get(secondUid)?.start.toISOString()).toBe(at(3, 13).toISOString());
    expect(await appointmentBy(secondUid)).toMatchObject({ id: third });
    expect(await writebacksOf(second)).toMatchObject([{ action: 'reschedule', status: 'done' }]);
  });

  it('writes back nothing Cal.com itself said, nor a confirmation', async () => {
    const { booking, id } = await booked(at(4, 9));
    expect((await act(id, 'confirm')).statusCode).toBe(200);
    const moved = await webhook('BOOKING_RESCHEDULED', 'cal-moved-there', at(4, 11), {
      rescheduleUid: booking.uid,
    });
    expect(moved.json()).toMatchObject({ updated: 1 });
    const now = await appointmentBy('cal-moved-there');
    const cancelled = await webhook('BOOKING_CANCELLED', 'cal-moved-there', at(4, 11));
    expect(cancelled.json()).toMatchObject({ cancelled: 1 });
    expect(await writebacksOf(id)).toEqual([]);
    expect(await writebacksOf(now?.id as string)).toEqual([]);
  });

  it('retries a busy Cal.com minutes apart, then fails the write-back', async () => {
    const { booking, id } = await booked(at(5, 9));
    await act(id, 'cancel');
    fake.answers.push(...Array.from({ length: 5 }, () => ({ status: 503 })));
    let now = Date.now();
    await sender().sendDue(new Date(now));
    let [row] = await writebacksOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date(row?.send_at as Date).getTime()).toBeGreaterThan(now + MINUTE);
    for (let attempt = 2; attempt <= 5; attempt++) {
      now += 20 * MINUTE;
      await sender().sendDue(new Date(now));
    }
    [row] = await writebacksOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    expect(requestsFor(booking.uid)).toHaveLength(5);
    expect(fake.bookings.get(booking.uid)?.status).toBe('accepted');
  });

  it('does not ask a move again when Cal.com did not answer (it may have moved it)', async () => {
    const { booking, id } = await booked(at(5, 14));
    await move(id, at(5, 16));
    fake.delayMs = 1_000;
    await sender().sendDue();
    fake.delayMs = 0;
    expect(await writebacksOf(id)).toMatchObject([{ status: 'unknown' }]);
    await sender().sendDue(new Date(Date.now() + DAY));
    expect(requestsFor(booking.uid)).toHaveLength(1);
  });

  it('marks a write-back a crash left sending unknown, and never asks Cal.com about it', async () => {
    const { booking, id } = await booked(at(6, 9));
    await act(id, 'cancel');
    await t.database.executeSql(
      "UPDATE calendar_writebacks SET status = 'sending', attempts = 1, claimed_at = now() - interval '11 minutes' WHERE appointment_id = $1",
      [id],
    );
    const run = await sender().sendDue();
    expect(run.abandoned).toBe(1);
    expect(await writebacksOf(id)).toMatchObject([{ status: 'unknown' }]);
    expect(requestsFor(booking.uid)).toEqual([]);
  });

  it('fails on a refused API key and shows why on the connection; a booking Cal.com lost is skipped', async () => {
    const first = await booked(at(6, 14));
    const second = await booked(at(6, 16));
    fake.bookings.delete(second.booking.uid);
    await act(first.id, 'cancel');
    await act(second.id, 'cancel');
    fake.answers.push({
      status: 401,
      body: { status: 'error', error: { code: 'UnauthorizedException', message: 'Invalid API Key' } },
    });
    await sender().sendDue();
    expect(await writebacksOf(first.id)).toMatchObject([{ status: 'failed', error: 'Invalid API Key' }]);
    expect(await writebacksOf(second.id)).toMatchObject([{ status: 'skipped' }]);
    const list = await t.app.inject({ url: '/v1/calendar-connections', headers: owner.headers });
    const connection = list.json().data.find((row: { id: string }) => row.id === connectionId);
    expect(connection.last_error).toContain('Cal.com refused the API key');
  });

  it('plans nothing without an API key, and from the moment one is given writes back', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/calendar-connections/${connectionId}`,
      headers: owner.headers,
      payload: { api_key: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ has_api_key: false, staff: 'Dr. Patel' });
    const first = await booked(at(7, 9));
    await act(first.id, 'cancel');
    expect(await writebacksOf(first.id)).toEqual([]);

    const given = await t.app.inject({
      method: 'PATCH',
      url: `/v1/calendar-connections/${connectionId}`,
      headers: owner.headers,
      payload: { api_key: API_KEY, staff: null, name: 'Front desk Cal.com' },
    });
    expect(given.json()).toMatchObject({ has_api_key: true, staff: null, name: 'Front desk Cal.com' });
    expect(given.body).not.toContain(API_KEY);
    const second = await booked(at(7, 11));
    const { rows } = await t.database.executeSql('SELECT staff FROM appointments WHERE id = $1', [second.id]);
    expect(rows[0]).toEqual({ staff: '' });
    await act(second.id, 'cancel');
    await sender().sendDue();
    expect(await writebacksOf(second.id)).toMatchObject([{ status: 'done' }]);
  });
});

describe('changing a calendar connection', () => {
  const patch = (user: User, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/v1/calendar-connections/${id}`, headers: user.headers, payload });

  it('answers 400 naming the field for an unknown staff member, an empty change or a key for an ICS address', async () => {
    const unknown = await patch(owner, connectionId, { staff: 'Dr. Nobody' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { field: 'staff', message: 'Dr. Nobody is not a staff member in the booking settings' },
    ]);
    expect((await patch(owner, connectionId, {})).statusCode).toBe(400);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/calendar-connections',
      headers: owner.headers,
      payload: { kind: 'calcom', name: 'Second', staff: 'Dr. Nobody' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.details[0].field).toBe('staff');
  });

  it('is not found for another account', async () => {
    expect((await patch(other, connectionId, { name: 'Mine now' })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/v1/calendar-connections', headers: owner.headers });
    expect(list.json().data[0].name).toBe('Front desk Cal.com');
  });
});
