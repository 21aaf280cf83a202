import type { calendar_v3 } from '@googleapis/calendar';
import { describe, expect, it } from 'vitest';
import { fromGoogleEvent, wallTimeIn, withoutCallwiseLine } from './google-events.ts';

describe('fromGoogleEvent', () => {
  const base = (fields: calendar_v3.Schema$Event): calendar_v3.Schema$Event => ({
    kind: 'calendar#event',
    id: 'abc123',
    status: 'confirmed',
    summary: 'Visit',
    ...fields,
  });

  it('reads times with an offset as they are, and times without one in the event’s, then the calendar’s zone', () => {
    const withOffset = fromGoogleEvent(
      base({
        start: { dateTime: '2026-12-01T10:00:00-05:00', timeZone: 'America/New_York' },
        end: { dateTime: '2026-12-01T10:30:00-05:00', timeZone: 'America/New_York' },
      }),
      'Europe/Berlin',
    );
    expect(withOffset?.startsAt.toISOString()).toBe('2026-12-01T15:00:00.000Z');

    const eventZone = fromGoogleEvent(
      base({
        start: { dateTime: '2026-07-01T10:00:00', timeZone: 'Europe/Berlin' },
        end: { dateTime: '2026-07-01T11:00:00', timeZone: 'Europe/Berlin' },
      }),
      'America/New_York',
    );
    expect(eventZone?.startsAt.toISOString()).toBe('2026-07-01T08:00:00.000Z');

    const calendarZone = fromGoogleEvent(
      base({ start: { dateTime: '2026-03-08T03:30:00' }, end: { dateTime: '2026-03-08T04:00:00' } }),
      'America/New_York',
    );
    // 8 March 2026 is the first day of daylight time in New York: 03:30 is EDT (UTC-4).
    expect(calendarZone?.startsAt.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeIn('2026-01-15T09:00:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-01-15T03:30:00.000Z');
  });

  it('skips all-day events (and occurrences of all-day series), and events without a length', () => {
    expect(
      fromGoogleEvent(base({ start: { date: '2026-12-24' }, end: { date: '2026-12-25' } }), 'UTC'),
    ).toBeNull();
    expect(
      fromGoogleEvent(
        base({
          status: 'cancelled',
          recurringEventId: 'series',
          originalStartTime: { date: '2026-12-24' },
        }),
        'UTC',
      ),
    ).toBeNull();
    expect(
      fromGoogleEvent(
        base({ start: { dateTime: '2026-12-01T10:00:00Z' }, end: { dateTime: '2026-12-01T10:00:00Z' } }),
        'UTC',
      ),
    ).toBeNull();
  });

  it('names an occurrence by its series and original start, even once moved; a cancellation keeps that id', () => {
    const moved = fromGoogleEvent(
      base({
        id: 'series_20261209T140000Z',
        recurringEventId: 'series',
        originalStartTime: { dateTime: '2026-12-09T09:00:00-05:00', timeZone: 'America/New_York' },
        start: { dateTime: '2026-12-10T10:00:00-05:00' },
        end: { dateTime: '2026-12-10T10:30:00-05:00' },
      }),
      'America/New_York',
    );
    expect(moved?.externalId).toBe('series/2026-12-09T14:00:00.000Z');
    expect(moved?.startsAt.toISOString()).toBe('2026-12-10T15:00:00.000Z');

    const removed = fromGoogleEvent(
      {
        kind: 'calendar#event',
        id: 'series_20261209T140000Z',
        status: 'cancelled',
        recurringEventId: 'series',
        originalStartTime: { dateTime: '2026-12-09T09:00:00-05:00', timeZone: 'America/New_York' },
      },
      'America/New_York',
    );
    expect(removed).toMatchObject({ externalId: 'series/2026-12-09T14:00:00.000Z', cancelled: true });
    expect(fromGoogleEvent({ id: 'gone', status: 'cancelled' }, 'UTC')).toMatchObject({
      externalId: 'gone',
      cancelled: true,
      startsAt: new Date(0),
    });
  });

  it('picks the first attendee who is neither the organizer nor a room, and a phone from the text', () => {
    const event = fromGoogleEvent(
      base({
        location: 'Call +44 20 7946 0958',
        description: 'Booked on 2026-12-01<br>[Callwise] Confirmed by reminder call (2026-11-26 09:00 UTC)',
        organizer: { email: 'Desk@Example.com' },
        attendees: [
          { email: 'desk@example.com', displayName: 'Desk' },
          { email: 'room@resource.calendar.google.com', resource: true },
          { email: 'owner@example.com', organizer: true },
          { email: 'sam@example.com', displayName: ' Sam Patel ' },
        ],
        start: { dateTime: '2026-12-01T10:00:00Z' },
        end: { dateTime: '2026-12-01T10:30:00Z' },
      }),
      'UTC',
    );
    expect(event?.attendee).toEqual({
      name: 'Sam Patel',
      email: 'sam@example.com',
      phone: '+44 20 7946 0958',
    });
    expect(event?.description).toBe('Booked on 2026-12-01');
    expect(withoutCallwiseLine('[Callwise] Confirmed')).toBeNull();
  });
});
