import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../../test/helper.ts';
import { SecretBox } from '../../../infra/secret-box.ts';
import { CalcomClient } from './calcom.ts';
import { CALENDAR_WRITEBACKS, CalendarWritebackSender } from './calendar-writebacks.ts';
import { type FakeGoogle, startFakeGoogle } from './google-calendar-test-server.ts';
import { CALLWISE_STATUS_PROPERTY, CANCELLED_TITLE_PREFIX } from './google-events.ts';

/**
 * Google Calendar connections through the API and the callback, against a local fake of Google's OAuth and
 * Calendar endpoints (decision 023): connecting (PKCE, a one-time state), reading (incremental, the owner's
 * deletions cancelling), writing our confirmations, moves and cancellations into the events (never Google's own
 * changes back), choosing another calendar, a revoked grant, removal, and account isolation.
 */
const ZONE = 'America/New_York';
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Midnight UTC, five days ahead: every event here is well inside the horizon and the reminders to come. */
const base = new Date(Math.floor(Date.now() / DAY) * DAY + 5 * DAY);
const at = (days: number, hourUtc: number) => new Date(base.getTime() + days * DAY + hourUtc * HOUR);

let t: TestApp;
let fake: FakeGoogle;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let other: User;
let connectionId: string;
const FRONT_DESK = 'frontdesk@group.calendar.google.com';
const DR_KIM = 'drkim@group.calendar.google.com';
const events: Record<string, string> = {};

const sender = () =>
  new CalendarWritebackSender({
    db: t.database.db,
    secrets: new SecretBox(t.config.JWT_SECRET),
    calcom: (apiKey) => new CalcomClient({ apiKey }),
    google: t.services.calendars.google,
  });

beforeAll(async () => {
  fake = await startFakeGoogle();
  t = await buildTestApp({
    env: {
      GOOGLE_CLIENT_ID: fake.clientId,
      GOOGLE_CLIENT_SECRET: fake.clientSecret,
      GOOGLE_AUTH_URL: fake.authUrl,
      GOOGLE_TOKEN_URL: fake.tokenUrl,
      GOOGLE_REVOKE_URL: fake.revokeUrl,
      GOOGLE_API_ROOT_URL: `${fake.url}/`,
    },
  });
  // Only these tests write back (a change wakes the app's own job, which would race them).
  await t.queue.offWork(CALENDAR_WRITEBACKS);
  owner = await signedInUser(t, { plan: 'professional' });
  other = await signedInUser(t, { plan: 'professional' });
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/v1/booking-settings',
    headers: owner.headers,
    payload: { ...DEFAULT_BOOKING_SETTINGS, staff: [{ name: 'Dr. Patel', bookable: true, hours: null }] },
  });
  expect(settings.statusCode, settings.body).toBe(200);

  fake.addCalendar({
    id: FRONT_DESK,
    summary: 'Front desk',
    timeZone: ZONE,
    primary: true,
    accessRole: 'owner',
  });
  fake.addCalendar({ id: DR_KIM, summary: 'Dr. Kim', timeZone: ZONE, primary: false, accessRole: 'writer' });
  const event = (calendarId: string, summary: string, start: Date, description?: string) =>
    fake.addEvent(calendarId, {
      summary,
      ...(description ? { description } : {}),
      start: { dateTime: start, timeZone: ZONE },
      end: { dateTime: new Date(start.getTime() + HOUR / 2), timeZone: ZONE },
    }).id;
  events.cleaning = event(FRONT_DESK, 'Cleaning', at(0, 15), 'Patient mobile: (202) 555-0143');
  events.checkup = event(FRONT_DESK, 'Check-up', at(1, 15), 'Patient mobile: (202) 555-0144');
  events.whitening = event(FRONT_DESK, 'Whitening', at(2, 15), 'Patient mobile: (202) 555-0145');
  events.allDay = fake.addEvent(FRONT_DESK, {
    summary: 'Office closed',
    start: { date: at(3, 0).toISOString().slice(0, 10) },
    end: { date: at(4, 0).toISOString().slice(0, 10) },
  }).id;
  events.kim = event(DR_KIM, 'Implant consult', at(0, 17), 'Patient mobile: (202) 555-0146');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function appointmentOf(eventId: string) {
  const { rows } = await t.database.executeSql(
    "SELECT * FROM appointments WHERE account_id = $1 AND source = 'google' AND external_id = $2",
    [owner.accountId, eventId],
  );
  return rows[0] as Record<string, unknown> | undefined;
}
const writebacks = async (appointmentId: unknown) =>
  (
    await t.database.executeSql(
      'SELECT action, status, error FROM calendar_writebacks WHERE appointment_id = $1',
      [appointmentId],
    )
  ).rows;
const sync = (user: User, id = connectionId) =>
  t.app.inject({ method: 'POST', url: `/v1/calendar-connections/${id}/sync`, headers: user.headers });
interface GoogleEventJson {
  status: string;
  summary: string;
  description: string;
  transparency?: string;
  start: { dateTime: string };
  extendedProperties: { private: Record<string, string> };
}
const eventOf = (calendarId: string, id: string) =>
  fake.eventJson(calendarId, id) as unknown as GoogleEventJson;

/** The browser's way through Google's consent page and back: answers where the callback sends it. */
async function connect(user: User, payload: object = {}) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/v1/calendar-connections/google',
    headers: user.headers,
    payload,
  });
  expect(started.statusCode, started.body).toBe(200);
  const consent = await fetch(started.json().authorization_url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') as string);
  expect(`${back.origin}${back.pathname}`).toBe(`${t.config.PUBLIC_URL}/hooks/google/callback`);
  const callback = `${back.pathname}${back.search}`;
  const res = await t.app.inject({ method: 'GET', url: callback });
  expect(res.statusCode).toBe(303);
  return { location: new URL(res.headers.location as string, 'http://app'), callback };
}

describe('connecting a Google calendar', () => {
  it('sends the user to Google with PKCE and a state, and lists Google as available', async () => {
    const list = await t.app.inject({ url: '/v1/calendar-connections', headers: owner.headers });
    expect(list.json()).toMatchObject({ data: [], google_available: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/calendar-connections/google',
      headers: owner.headers,
      payload: { staff: 'Dr. Nobody' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('staff');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/calendar-connections/google',
      headers: owner.headers,
      payload: {},
    });
    const url = new URL(ok.json().authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(fake.authUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.PUBLIC_URL}/hooks/google/callback`);
  });

  it('makes the connection on the primary calendar, reads it as the staff member’s, and a used state fails', async () => {
    const { location, callback } = await connect(owner, { staff: 'Dr. Patel' });
    expect(location.pathname).toBe('/settings/booking');
    connectionId = location.searchParams.get('calendar_connected') as string;
    expect(connectionId).toMatch(/^[0-9a-f-]{36}$/);

    const list = await t.app.inject({ url: '/v1/calendar-connections', headers: owner.headers });
    const connection = list.json().data[0];
    expect(connection).toMatchObject({
      kind: 'google',
      name: 'Front desk',
      calendar_id: FRONT_DESK,
      calendar_name: 'Front desk',
      staff: 'Dr. Patel',
      last_error: null,
    });
    expect(connection.last_synced_at).not.toBeNull();
    expect(JSON.stringify(list.json())).not.toMatch(/refresh|1\/\//i);
    const stored = await t.database.executeSql(
      'SELECT refresh_token FROM calendar_connections WHERE id = $1',
      [connectionId],
    );
    const sealed = (stored.rows[0] as { refresh_token: string }).refresh_token;
    expect(sealed).toMatch(/^v1:/);
    expect([...fake.refreshTokens.keys()].some((token) => sealed.includes(token))).toBe(false);

    const cleaning = await appointmentOf(events.cleaning as string);
    expect(cleaning).toMatchObject({
      staff: 'Dr. Patel',
      calendar_connection_id: connectionId,
      status: 'scheduled',
    });
    expect(new Date(cleaning?.starts_at as string).getTime()).toBe(at(0, 15).getTime());
    const { rows } = await t.database.executeSql('SELECT phone, consent_source FROM contacts WHERE id = $1', [
      cleaning?.contact_id,
    ]);
    expect(rows[0]).toEqual({ phone: '+12025550143', consent_source: 'google' });
    expect(await appointmentOf(events.allDay as string)).toBeUndefined();
    expect(await appointmentOf(events.kim as string)).toBeUndefined();

    const again = await t.app.inject({ method: 'GET', url: callback });
    expect(
      new URL(again.headers.location as string, 'http://app').searchParams.get('calendar_error'),
    ).toMatch(/expired or was already used/);
    const denied = await t.app.inject({
      method: 'GET',
      url: '/hooks/google/callback?error=access_denied&state=x',
    });
    expect(denied.headers.location).toContain('calendar_error=');
  });

  it('reads only what changed since, and cancels what the owner deleted in Google, writing nothing back', async () => {
    const first = await sync(owner);
    expect(first.json().sync).toMatchObject({ created: 0, cancelled: 0, updated: 0 });
    fake.deleteEvent(FRONT_DESK, events.whitening as string);
    const res = await sync(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sync).toMatchObject({ cancelled: 1, created: 0 });
    const whitening = await appointmentOf(events.whitening as string);
    expect(whitening?.status).toBe('cancelled');
    expect(await writebacks(whitening?.id)).toEqual([]);
  });
});

describe('writing back to Google', () => {
  it('marks a confirmation on the event; reading it again changes nothing', async () => {
    const cleaning = await appointmentOf(events.cleaning as string);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${cleaning?.id}/confirm`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await sender().sendDue();
    expect(await writebacks(cleaning?.id)).toEqual([{ action: 'confirm', status: 'done', error: null }]);
    const event = eventOf(FRONT_DESK, events.cleaning as string);
    expect(event.extendedProperties.private[CALLWISE_STATUS_PROPERTY]).toBe('confirmed');
    expect(event.description).toContain('Patient mobile: (202) 555-0143');
    expect(event.description).toContain('[Callwise]');
    const echo = await sync(owner);
    expect(echo.json().sync).toMatchObject({ updated: 0, cancelled: 0, created: 0 });
    expect((await appointmentOf(events.cleaning as string))?.status).toBe('confirmed');
  });

  it('moves the event when the appointment moves here; the event’s id goes to the new appointment', async () => {
    const checkup = await appointmentOf(events.checkup as string);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${checkup?.id}/reschedule`,
      headers: owner.headers,
      payload: { starts_at: at(1, 18).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(201);
    await sender().sendDue();
    expect(await writebacks(checkup?.id)).toEqual([{ action: 'reschedule', status: 'done', error: null }]);
    const event = eventOf(FRONT_DESK, events.checkup as string);
    expect(new Date(event.start.dateTime).getTime()).toBe(at(1, 18).getTime());
    expect(await appointmentOf(events.checkup as string)).toMatchObject({ id: res.json().id });
    const echo = await sync(owner);
    expect(echo.json().sync).toMatchObject({ updated: 0, created: 0, cancelled: 0 });
  });

  it('marks a cancellation on the event (kept, shown free) and never brings it back', async () => {
    const cleaning = await appointmentOf(events.cleaning as string);
    await t.app.inject({
      method: 'POST',
      url: `/v1/appointments/${cleaning?.id}/cancel`,
      headers: owner.headers,
    });
    await sender().sendDue();
    const event = eventOf(FRONT_DESK, events.cleaning as string);
    expect(event.status).toBe('confirmed');
    expect(event.summary).toBe(`${CANCELLED_TITLE_PREFIX}Cleaning`);
    expect(event.transparency).toBe('transparent');
    expect(event.extendedProperties.private[CALLWISE_STATUS_PROPERTY]).toBe('cancelled');
    await sync(owner);
    expect((await appointmentOf(events.cleaning as string))?.status).toBe('cancelled');
  });
});

describe('managing a Google connection', () => {
  it('lists the account’s calendars and reads another one when chosen', async () => {
    const calendars = await t.app.inject({
      url: `/v1/calendar-connections/${connectionId}/calendars`,
      headers: owner.headers,
    });
    expect(calendars.json().data).toEqual([
      { id: FRONT_DESK, summary: 'Front desk', primary: true, time_zone: ZONE, writable: true },
      { id: DR_KIM, summary: 'Dr. Kim', primary: false, time_zone: ZONE, writable: true },
    ]);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/v1/calendar-connections/${connectionId}`,
      headers: owner.headers,
      payload: { calendar_id: 'nobody@group.calendar.google.com' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('calendar_id');
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: `/v1/calendar-connections/${connectionId}`,
      headers: owner.headers,
      payload: { calendar_id: DR_KIM },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ calendar_id: DR_KIM, calendar_name: 'Dr. Kim' });
    expect(await appointmentOf(events.kim as string)).toMatchObject({ status: 'scheduled' });
  });

  it('is hidden from another account', async () => {
    const calendars = await t.app.inject({
      url: `/v1/calendar-connections/${connectionId}/calendars`,
      headers: other.headers,
    });
    expect(calendars.statusCode).toBe(404);
    expect((await sync(other)).statusCode).toBe(404);
  });

  it('says to connect again once Google refuses the grant, and gives the grant back when removed', async () => {
    const { location } = await connect(owner, { name: 'Second' });
    const second = location.searchParams.get('calendar_connected') as string;
    const token = [...fake.refreshTokens.entries()]
      .filter(([, grant]) => !grant.revoked)
      .at(-1)?.[0] as string;
    fake.revokeRefreshToken(token);
    const res = await sync(owner, second);
    expect(res.json()).toMatchObject({ sync: null });
    expect(res.json().connection.last_error).toMatch(/connect it again/);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/calendar-connections/${connectionId}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const revoked = [...fake.refreshTokens.values()].filter((grant) => grant.revoked);
    expect(revoked).toHaveLength(2);
  });
});

describe('a server without Google set up', () => {
  it('lists Google as unavailable and answers 503 to connecting', async () => {
    const bare = await buildTestApp();
    try {
      const user = await signedInUser(bare, { plan: 'professional' });
      const list = await bare.app.inject({ url: '/v1/calendar-connections', headers: user.headers });
      expect(list.json().google_available).toBe(false);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/v1/calendar-connections/google',
        headers: user.headers,
        payload: {},
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toMatch(/not set up/);
    } finally {
      await bare.close();
    }
  });
});
