import type { calendar_v3 } from '@googleapis/calendar';
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
  useFakeGoogle,
  ZONE,
} from './google-calendar-test-setup.ts';
import { fromGoogleEvent } from './google-events.ts';

useFakeGoogle();

describe('GoogleCalendarClient.writeBack', () => {
  it('confirms: our private properties and our description line, the owner text kept, If-Match, no e-mails', async () => {
    const { haircut } = seedCalendar();
    fake.updateEvent(CAL, haircut.id, { extendedProperties: { private: { ownerKey: 'kept' } } });
    const calendars = await client();
    const etag = fake.eventJson(CAL, haircut.id)?.etag;
    await calendars.writeBack(CAL, haircut.id, {
      status: 'confirmed',
      note: 'Ana confirmed,\n will be on time',
    });

    const [get, patch] = apiRequests();
    expect(get?.method).toBe('GET');
    expect(get?.path).toBe(`/calendar/v3/calendars/${encodeURIComponent(CAL)}/events/${haircut.id}`);
    expect(patch?.method).toBe('PATCH');
    expect(patch?.path).toBe(get?.path);
    expect(patch?.query).toEqual({ sendUpdates: 'none' });
    expect(patch?.headers['if-match']).toBe(etag);
    expect(patch?.body).toEqual({
      description:
        'Call her on +1 415 555 0199 if late\n\n[Callwise] Confirmed by reminder call (2026-11-26 09:00 UTC): Ana confirmed, will be on time',
      extendedProperties: {
        private: {
          ownerKey: 'kept',
          callwiseStatus: 'confirmed',
          callwiseUpdatedAt: '2026-11-26T09:00:00.000Z',
        },
      },
    });

    // A later write replaces our line, and the sync does not read it back as the owner's words.
    fake.requests.length = 0;
    await calendars.writeBack(CAL, haircut.id, { status: 'cancelled', note: 'Customer cancelled' });
    expect(apiRequests()[1]?.body).toEqual({
      description:
        'Call her on +1 415 555 0199 if late\n\n[Callwise] Cancelled by reminder call (2026-11-26 09:00 UTC): Customer cancelled',
      extendedProperties: {
        private: {
          ownerKey: 'kept',
          callwiseStatus: 'cancelled',
          callwiseUpdatedAt: '2026-11-26T09:00:00.000Z',
        },
      },
      summary: 'Cancelled: Haircut — Ana Lima',
      transparency: 'transparent',
    });
    const stored = fake.eventJson(CAL, haircut.id) as calendar_v3.Schema$Event;
    expect(stored.summary).toBe('Cancelled: Haircut — Ana Lima');
    expect(fromGoogleEvent(stored, ZONE)?.description).toBe('Call her on +1 415 555 0199 if late');
  });

  it('moves an occurrence named by its series and original start, keeping its time zone', async () => {
    const { weekly } = seedCalendar();
    const calendars = await client();
    const first = await calendars.syncEvents(CAL, null, HORIZON);
    fake.requests.length = 0;
    const externalId = `${weekly.id}/2026-12-09T14:00:00.000Z`;
    await calendars.writeBack(CAL, externalId, {
      status: 'rescheduled',
      startsAt: at('2026-12-10T15:00:00Z'),
      endsAt: at('2026-12-10T15:30:00Z'),
    });
    const [instances, get, patch] = apiRequests();
    expect(instances?.path).toBe(
      `/calendar/v3/calendars/${encodeURIComponent(CAL)}/events/${weekly.id}/instances`,
    );
    expect(instances?.query).toMatchObject({ originalStart: '2026-12-09T14:00:00.000Z' });
    expect(get?.path).toMatch(new RegExp(`/events/${weekly.id}_20261209T140000Z$`));
    expect(patch?.path).toBe(get?.path);
    expect(patch?.body).toEqual({
      description: '[Callwise] Moved to 2026-12-10 15:00 UTC by reminder call (2026-11-26 09:00 UTC)',
      extendedProperties: {
        private: { callwiseStatus: 'rescheduled', callwiseUpdatedAt: '2026-11-26T09:00:00.000Z' },
      },
      start: { dateTime: '2026-12-10T15:00:00.000Z', timeZone: ZONE },
      end: { dateTime: '2026-12-10T15:30:00.000Z', timeZone: ZONE },
    });

    // The next sync sees the occurrence at its new time, under the same external id.
    const next = await calendars.syncEvents(CAL, first.nextSyncToken, HORIZON);
    const moved = mapped(next.events, next.timeZone);
    expect(moved.map((event) => [event.externalId, event.startsAt.toISOString(), event.description])).toEqual(
      [[externalId, '2026-12-10T15:00:00.000Z', null]],
    );
  });

  it('reads and patches again when the owner edited the event in between (412)', async () => {
    const { haircut } = seedCalendar();
    const calendars = await client();
    fake.answers.push({
      status: 412,
      method: 'PATCH',
      body: googleError(412, 'Precondition Failed', 'conditionNotMet'),
    });
    await calendars.writeBack(CAL, haircut.id, { status: 'confirmed' });
    expect(apiRequests().map((request) => request.method)).toEqual(['GET', 'PATCH', 'GET', 'PATCH']);
    expect(fake.eventJson(CAL, haircut.id)?.extendedProperties).toEqual({
      private: { callwiseStatus: 'confirmed', callwiseUpdatedAt: '2026-11-26T09:00:00.000Z' },
    });
  });

  it('answers 404 for an occurrence that does not exist', async () => {
    const { weekly } = seedCalendar();
    const calendars = await client();
    await expect(
      calendars.writeBack(CAL, `${weekly.id}/2030-01-01T00:00:00.000Z`, { status: 'confirmed' }),
    ).rejects.toMatchObject({ status: 404, reason: 'notFound' });
  });
});
