import { describe, expect, it } from 'vitest';
import { googleError } from './google-calendar-test-server.ts';
import {
  apiRequests,
  at,
  CAL,
  client,
  fake,
  HORIZON,
  mapped,
  seedCalendar,
  sleeps,
  useFakeGoogle,
  ZONE,
} from './google-calendar-test-setup.ts';
import { GoogleApiError } from './google-errors.ts';

useFakeGoogle();

describe('GoogleCalendarClient.listCalendars', () => {
  it('lists the calendars, the primary one first', async () => {
    fake.addCalendar({
      id: 'team@group.calendar.google.com',
      summary: 'Front desk',
      timeZone: 'Europe/Berlin',
    });
    fake.addCalendar({
      id: 'owner@example.com',
      summary: 'owner@example.com',
      timeZone: 'America/New_York',
      primary: true,
    });
    fake.addCalendar({
      id: 'holidays@group.v.calendar.google.com',
      summary: 'Holidays',
      accessRole: 'reader',
    });
    const calendars = await client();
    expect(await calendars.listCalendars()).toEqual([
      {
        id: 'owner@example.com',
        summary: 'owner@example.com',
        primary: true,
        timeZone: 'America/New_York',
        accessRole: 'owner',
      },
      {
        id: 'team@group.calendar.google.com',
        summary: 'Front desk',
        primary: false,
        timeZone: 'Europe/Berlin',
        accessRole: 'owner',
      },
      {
        id: 'holidays@group.v.calendar.google.com',
        summary: 'Holidays',
        primary: false,
        timeZone: 'UTC',
        accessRole: 'reader',
      },
    ]);
    expect(apiRequests()[0]?.path).toBe('/calendar/v3/users/me/calendarList');
  });
});

describe('GoogleCalendarClient.syncEvents', () => {
  it('first sync: the horizon, every page, recurring events expanded, all-day ones skipped by the mapping', async () => {
    const { haircut, weekly } = seedCalendar();
    const calendars = await client();
    const result = await calendars.syncEvents(CAL, null, HORIZON);
    expect(result.fullResync).toBe(false);
    expect(result.complete).toBe(true);
    expect(result.timeZone).toBe(ZONE);
    expect(result.nextSyncToken).toMatch(/^sync-/);

    const lists = apiRequests();
    expect(lists.length).toBe(3); // 6 listed (haircut, 3 occurrences, all-day, massage), 2 a page
    expect(lists[0]?.query).toEqual({
      singleEvents: 'true',
      maxResults: '2',
      timeMin: HORIZON.from.toISOString(),
      timeMax: HORIZON.to.toISOString(),
    });
    expect(lists[1]?.query.pageToken).toMatch(/^page-/);
    expect(lists[2]?.query.pageToken).toMatch(/^page-/);

    const events = mapped(result.events, result.timeZone);
    expect(events.map((event) => [event.externalId, event.startsAt.toISOString(), event.cancelled])).toEqual([
      [haircut.id, '2026-12-01T15:00:00.000Z', false],
      [`${weekly.id}/2026-12-02T14:00:00.000Z`, '2026-12-02T14:00:00.000Z', false],
      [`${weekly.id}/2026-12-09T14:00:00.000Z`, '2026-12-09T14:00:00.000Z', false],
      [events[3]?.externalId, '2026-12-10T18:00:00.000Z', false],
      [`${weekly.id}/2026-12-16T14:00:00.000Z`, '2026-12-16T14:00:00.000Z', false],
    ]);
    expect(events[0]).toEqual({
      externalId: haircut.id,
      startsAt: at('2026-12-01T15:00:00Z'),
      endsAt: at('2026-12-01T15:45:00Z'),
      cancelled: false,
      title: 'Haircut — Ana Lima',
      location: '12 Main St',
      description: 'Call her on +1 415 555 0199 if late',
      attendee: { name: 'Ana Lima', email: 'ana@example.com', phone: '+1 415 555 0199' },
    });
  });

  it('incremental sync: a change, a deletion and a cancelled occurrence; nothing when nothing changed', async () => {
    const { haircut, weekly, extra } = seedCalendar();
    const calendars = await client();
    const first = await calendars.syncEvents(CAL, null, HORIZON);
    fake.requests.length = 0;

    fake.updateEvent(CAL, haircut.id, {
      start: { dateTime: at('2026-12-01T16:00:00Z'), timeZone: ZONE },
      end: { dateTime: at('2026-12-01T16:45:00Z'), timeZone: ZONE },
    });
    fake.deleteEvent(CAL, extra.id);
    fake.cancelOccurrence(CAL, weekly.id, at('2026-12-09T14:00:00Z'));

    const second = await calendars.syncEvents(CAL, first.nextSyncToken, HORIZON);
    expect(second.fullResync).toBe(false);
    expect(second.complete).toBe(false);
    expect(second.nextSyncToken).not.toBe(first.nextSyncToken);
    expect(apiRequests()[0]?.query).toEqual({
      singleEvents: 'true',
      maxResults: '2',
      syncToken: first.nextSyncToken,
    });
    const deletedRaw = second.events.find((event) => event.id === extra.id);
    expect(deletedRaw).toEqual({
      kind: 'calendar#event',
      etag: expect.any(String),
      id: extra.id,
      status: 'cancelled',
    });

    const events = mapped(second.events, second.timeZone);
    expect(
      events.map((event) => [
        event.externalId,
        event.cancelled,
        event.cancelled ? null : event.startsAt.toISOString(),
      ]),
    ).toEqual([
      [haircut.id, false, '2026-12-01T16:00:00.000Z'],
      [`${weekly.id}/2026-12-09T14:00:00.000Z`, true, null],
      [extra.id, true, null],
    ]);
    expect(events[1]?.startsAt).toEqual(at('2026-12-09T14:00:00Z'));

    const third = await calendars.syncEvents(CAL, second.nextSyncToken, HORIZON);
    expect(third.events).toEqual([]);
  });

  it('410 fullSyncRequired: drops the token and lists the horizon again, saying so', async () => {
    const { haircut } = seedCalendar();
    const calendars = await client();
    const first = await calendars.syncEvents(CAL, null, HORIZON);
    fake.invalidateSyncTokens();
    fake.requests.length = 0;

    const again = await calendars.syncEvents(CAL, first.nextSyncToken, HORIZON);
    expect(again.fullResync).toBe(true);
    expect(again.complete).toBe(true);
    const lists = apiRequests();
    expect(lists[0]?.query.syncToken).toBe(first.nextSyncToken);
    expect(lists[1]?.query).toMatchObject({ timeMin: HORIZON.from.toISOString() });
    expect(lists[1]?.query.syncToken).toBeUndefined();
    expect(mapped(again.events, again.timeZone).map((event) => event.externalId)).toContain(haircut.id);
    expect(sleeps).toEqual([]);
  });

  it('retries 429 (waiting the Retry-After asked), 500 and 403 rateLimitExceeded with backoff', async () => {
    fake.addCalendar({ id: CAL, primary: true, timeZone: ZONE });
    const calendars = await client();
    fake.answers.push(
      {
        status: 429,
        headers: { 'retry-after': '2' },
        body: googleError(429, 'Rate Limit Exceeded', 'rateLimitExceeded'),
      },
      { status: 500, body: googleError(500, 'Backend Error', 'backendError') },
      { status: 403, body: googleError(403, 'Rate Limit Exceeded', 'rateLimitExceeded') },
    );
    const result = await calendars.syncEvents(CAL, null, HORIZON);
    expect(result.events).toEqual([]);
    expect(sleeps).toEqual([2000, 1000, 2000]);
    expect(apiRequests()).toHaveLength(4);
  });

  it('gives up after the retries, and does not retry a 403 that is not a rate limit', async () => {
    fake.addCalendar({ id: CAL, primary: true, timeZone: ZONE });
    const calendars = await client({ maxRetries: 2 });
    for (let i = 0; i < 3; i++) fake.answers.push({ status: 503 });
    const failing = calendars.syncEvents(CAL, null, HORIZON);
    await expect(failing).rejects.toBeInstanceOf(GoogleApiError);
    await expect(failing).rejects.toMatchObject({ status: 503 });
    expect(apiRequests()).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);

    fake.requests.length = 0;
    fake.answers.push({ status: 403, body: googleError(403, 'Forbidden', 'forbidden') });
    await expect(calendars.syncEvents(CAL, null, HORIZON)).rejects.toMatchObject({
      status: 403,
      reason: 'forbidden',
    });
    expect(apiRequests()).toHaveLength(1);

    fake.requests.length = 0;
    fake.answers.push({ status: 429, headers: { 'retry-after': '120' } });
    await expect(calendars.syncEvents(CAL, null, HORIZON)).rejects.toMatchObject({ status: 429 });
    expect(apiRequests()).toHaveLength(1);
  });

  it('times out: a read is tried again, a write is not', async () => {
    const { haircut } = seedCalendar();
    const calendars = await client({ timeoutMs: 150 });
    fake.answers.push({ status: 200, body: {}, delayMs: 600 });
    const result = await calendars.syncEvents(CAL, null, HORIZON);
    expect(result.nextSyncToken).toMatch(/^sync-/);
    expect(sleeps).toEqual([500]);

    fake.requests.length = 0;
    fake.answers.push({ status: 200, body: {}, delayMs: 600, method: 'PATCH' });
    const write = calendars.writeBack(CAL, haircut.id, { status: 'confirmed' });
    await expect(write).rejects.toMatchObject({ status: 0, reason: 'TIMEOUT' });
    expect(apiRequests().filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });
});
