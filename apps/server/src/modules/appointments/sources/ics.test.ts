import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type IcsEvent, IcsParseError, parseIcsEvents } from './ics.ts';

/**
 * The ICS parser for appointments on hand-written exports in the shape Google Calendar, Outlook 16 and macOS
 * Calendar write: real instants across DST and Windows zone names, RRULE expansion within the horizon,
 * EXDATE, RECURRENCE-ID overrides, cancellations, all-day events skipped, phones and attendees found.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const google = fixture('google.ics');
const outlook = fixture('outlook.ics');
const apple = fixture('apple.ics');

const GOOGLE_SERIES = '5kq2v8r1m3c4d6e7f8g9h0j1k2@google.com';
const OUTLOOK_DAILY =
  '040000008200E00074C5B7101A82E00800000000D0A3A2C7E2A9DC01000000000000000010000000F1E2D3C4B5A697887766554433221100';
const OUTLOOK_VISIT =
  '040000008200E00074C5B7101A82E00800000000A1B2C3D4E5F6DC01000000000000000010000000ABCDEF0123456789ABCDEF0123456789';
const APPLE_MONTHLY = '6C1E8B52-3F0A-4D7B-9E51-2A4C8F9D0B13';
const APPLE_SLEEP = 'A7F3C9E1-5B2D-4E8F-9A6C-1D0B3E5F7A92';

const between = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const starts = (events: IcsEvent[]) => events.map((e) => e.startsAt.toISOString());
const byId = (events: IcsEvent[], externalId: string) => {
  const found = events.find((e) => e.externalId === externalId);
  if (!found) throw new Error(`no event ${externalId} in ${events.map((e) => e.externalId).join(', ')}`);
  return found;
};

function calendar(...lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
}

describe('Google Calendar export', () => {
  const march = parseIcsEvents(google, between('2026-03-01T00:00:00Z', '2026-04-07T00:00:00Z'));

  it('expands the weekly series in the horizon, without the EXDATE, with the moved and cancelled occurrences', () => {
    expect(march.map((e) => [e.externalId, e.startsAt.toISOString(), e.endsAt.toISOString()])).toEqual([
      [`${GOOGLE_SERIES}/2026-03-02T14:00:00.000Z`, '2026-03-02T14:00:00.000Z', '2026-03-02T14:30:00.000Z'],
      ['0a1b2c3d4e5f6g7h8i9j0k1l2m@google.com', '2026-03-05T19:00:00.000Z', '2026-03-05T19:45:00.000Z'],
      [`${GOOGLE_SERIES}/2026-03-09T13:00:00.000Z`, '2026-03-09T13:00:00.000Z', '2026-03-09T13:30:00.000Z'],
      // 23 March moved to Tuesday 24 March 11:00 EDT; it keeps the id of the occurrence it replaces.
      [`${GOOGLE_SERIES}/2026-03-23T13:00:00.000Z`, '2026-03-24T15:00:00.000Z', '2026-03-24T15:30:00.000Z'],
      [`${GOOGLE_SERIES}/2026-03-30T13:00:00.000Z`, '2026-03-30T13:00:00.000Z', '2026-03-30T13:30:00.000Z'],
      [`${GOOGLE_SERIES}/2026-04-06T13:00:00.000Z`, '2026-04-06T13:00:00.000Z', '2026-04-06T13:30:00.000Z'],
    ]);
  });

  it('drops the EXDATE occurrence and the original slot of the moved one', () => {
    expect(starts(march)).not.toContain('2026-03-16T13:00:00.000Z');
    expect(starts(march)).not.toContain('2026-03-23T13:00:00.000Z');
  });

  it('keeps 9:00 New York at 14:00Z before and 13:00Z after the March and November DST changes', () => {
    const autumn = parseIcsEvents(google, between('2026-10-26T00:00:00Z', '2026-11-10T00:00:00Z'));
    expect(starts(autumn)).toEqual([
      '2026-10-26T13:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
      '2026-11-09T14:00:00.000Z',
    ]);
  });

  it('gives the override its own summary, description and sequence', () => {
    const moved = byId(march, `${GOOGLE_SERIES}/2026-03-23T13:00:00.000Z`);
    expect(moved).toMatchObject({
      uid: GOOGLE_SERIES,
      summary: 'Physio check-in (moved) – Maria Lopez',
      description: "Moved to Tuesday at the patient's request.",
      cancelled: false,
      sequence: 1,
    });
  });

  it('flags the cancelled event and the cancelled occurrence, and nothing else', () => {
    expect(march.filter((e) => e.cancelled).map((e) => e.externalId)).toEqual([
      '0a1b2c3d4e5f6g7h8i9j0k1l2m@google.com',
      `${GOOGLE_SERIES}/2026-03-30T13:00:00.000Z`,
    ]);
    expect(byId(march, '0a1b2c3d4e5f6g7h8i9j0k1l2m@google.com').sequence).toBe(3);
  });

  it('skips the all-day event', () => {
    expect(march.some((e) => e.uid === '7z8y9x0w1v2u3t4s5r6q7p8o9n@google.com')).toBe(false);
    expect(march.some((e) => e.summary === 'Staff training day')).toBe(false);
  });

  it('reads the folded description, the location, the phone and the attendee who is not the organizer', () => {
    expect(byId(march, `${GOOGLE_SERIES}/2026-03-02T14:00:00.000Z`)).toEqual({
      externalId: `${GOOGLE_SERIES}/2026-03-02T14:00:00.000Z`,
      uid: GOOGLE_SERIES,
      startsAt: new Date('2026-03-02T14:00:00.000Z'),
      endsAt: new Date('2026-03-02T14:30:00.000Z'),
      summary: 'Physio check-in – Maria Lopez',
      location: 'Main St Clinic, 100 Main St, New York, NY 10001, USA',
      description:
        'Weekly physiotherapy check-in. Bring the exercise sheet and the referral letter from Dr. Chen. ' +
        'Patient mobile: (212) 555-0187.',
      cancelled: false,
      phone: '(212) 555-0187',
      attendeeName: 'Maria Lopez',
      attendeeEmail: 'maria.lopez@example.com',
      sequence: 0,
    });
  });

  it('takes the horizon as [from, to): an occurrence running into it counts, one starting at `to` does not', () => {
    const window = parseIcsEvents(google, between('2026-03-02T14:15:00Z', '2026-03-09T13:00:00Z'));
    expect(window.map((e) => e.externalId)).toEqual([
      `${GOOGLE_SERIES}/2026-03-02T14:00:00.000Z`,
      '0a1b2c3d4e5f6g7h8i9j0k1l2m@google.com',
    ]);
    const afterEnd = parseIcsEvents(google, between('2026-03-02T14:30:00Z', '2026-03-05T19:00:00Z'));
    expect(afterEnd).toEqual([]);
  });

  it('finds an occurrence moved into the horizon from outside it', () => {
    const tuesday = parseIcsEvents(google, between('2026-03-24T00:00:00Z', '2026-03-25T00:00:00Z'));
    expect(tuesday.map((e) => [e.externalId, e.startsAt.toISOString()])).toEqual([
      [`${GOOGLE_SERIES}/2026-03-23T13:00:00.000Z`, '2026-03-24T15:00:00.000Z'],
    ]);
    const monday = parseIcsEvents(google, between('2026-03-23T00:00:00Z', '2026-03-24T00:00:00Z'));
    expect(monday).toEqual([]);
  });
});

describe('Outlook export', () => {
  const events = parseIcsEvents(outlook, between('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'));

  it('reads Windows zone names and stops the daily series after COUNT, across the DST change', () => {
    expect(events.map((e) => [e.externalId, e.startsAt.toISOString()])).toEqual([
      [`${OUTLOOK_DAILY}/2026-03-06T15:00:00.000Z`, '2026-03-06T15:00:00.000Z'],
      [`${OUTLOOK_DAILY}/2026-03-07T15:00:00.000Z`, '2026-03-07T15:00:00.000Z'],
      [`${OUTLOOK_DAILY}/2026-03-08T14:00:00.000Z`, '2026-03-08T14:00:00.000Z'],
      [`${OUTLOOK_DAILY}/2026-03-09T14:00:00.000Z`, '2026-03-09T14:00:00.000Z'],
      [`${OUTLOOK_DAILY}/2026-03-10T14:00:00.000Z`, '2026-03-10T14:00:00.000Z'],
      // 13:00 "Pacific Standard Time" on 12 March is 13:00 PDT.
      [OUTLOOK_VISIT, '2026-03-12T20:00:00.000Z'],
    ]);
    const wholeYear = parseIcsEvents(outlook, between('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'));
    expect(wholeYear.filter((e) => e.uid === OUTLOOK_DAILY)).toHaveLength(5);
  });

  it('reads the summary with a LANGUAGE parameter, the phone in the description and the attendee', () => {
    expect(byId(events, OUTLOOK_VISIT)).toMatchObject({
      summary: 'Site visit – Alvarez',
      endsAt: new Date('2026-03-12T21:00:00.000Z'),
      location: '2200 Mission St, San Francisco, CA',
      phone: '+1 (415) 555-0142',
      attendeeName: 'Luis Alvarez',
      attendeeEmail: 'luis.alvarez@example.net',
      cancelled: false,
      sequence: 1,
    });
    expect(byId(events, `${OUTLOOK_DAILY}/2026-03-06T15:00:00.000Z`)).toMatchObject({
      summary: 'Intake call',
      endsAt: new Date('2026-03-06T15:30:00.000Z'),
      phone: null,
      attendeeName: null,
      attendeeEmail: null,
    });
  });
});

describe('Apple Calendar export', () => {
  const year = parseIcsEvents(apple, between('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'));

  it('expands the monthly series up to its UNTIL, at 14:30 London in GMT and in BST, and skips all-day', () => {
    expect(year.map((e) => [e.uid, e.startsAt.toISOString(), e.endsAt.toISOString()])).toEqual([
      [APPLE_MONTHLY, '2026-01-15T14:30:00.000Z', '2026-01-15T15:30:00.000Z'],
      [APPLE_MONTHLY, '2026-02-15T14:30:00.000Z', '2026-02-15T15:30:00.000Z'],
      [APPLE_MONTHLY, '2026-03-15T14:30:00.000Z', '2026-03-15T15:30:00.000Z'],
      [APPLE_MONTHLY, '2026-04-15T13:30:00.000Z', '2026-04-15T14:30:00.000Z'],
      [APPLE_MONTHLY, '2026-05-15T13:30:00.000Z', '2026-05-15T14:30:00.000Z'],
      [APPLE_MONTHLY, '2026-06-15T13:30:00.000Z', '2026-06-15T14:30:00.000Z'],
      [APPLE_SLEEP, '2026-10-24T22:00:00.000Z', '2026-10-25T04:00:00.000Z'],
    ]);
  });

  it('gives the event across the October change its real length: 23:00 BST to 04:00 GMT is six hours', () => {
    const sleep = byId(year, APPLE_SLEEP);
    expect(sleep.endsAt.getTime() - sleep.startsAt.getTime()).toBe(6 * 60 * 60 * 1000);
  });

  it('finds the phone in an ATTENDEE tel: URI, and the attendee without an email', () => {
    expect(byId(year, APPLE_SLEEP)).toMatchObject({
      phone: '+44-20-7946-0958',
      attendeeName: 'Priya Shah',
      attendeeEmail: null,
      location: "Sleep Centre, St Thomas' Hospital",
      description: null,
    });
  });

  it('finds the phone in the location and skips the organizer among the attendees', () => {
    expect(byId(year, `${APPLE_MONTHLY}/2026-04-15T13:30:00.000Z`)).toMatchObject({
      summary: 'Monthly review – Oliver Bennett',
      location: 'Harley Street Clinic\n12 Harley St, London W1G 9PF\nReception 020 7946 0321',
      phone: '020 7946 0321',
      attendeeName: 'Oliver Bennett',
      attendeeEmail: 'oliver.bennett@example.co.uk',
      sequence: 2,
    });
  });
});

describe('parseIcsEvents rules', () => {
  const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];
  const spring = between('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z');

  it('uses DURATION when there is no DTEND, and skips an event with neither', () => {
    const text = calendar(
      ...event('UID:with-duration', 'DTSTART:20260310T090000Z', 'DURATION:PT1H30M', 'SUMMARY:Long'),
      ...event('UID:no-end', 'DTSTART:20260311T090000Z', 'SUMMARY:Open-ended'),
    );
    expect(parseIcsEvents(text, spring).map((e) => [e.uid, e.endsAt.toISOString()])).toEqual([
      ['with-duration', '2026-03-10T10:30:00.000Z'],
    ]);
  });

  it('flags every event of a METHOD:CANCEL calendar as cancelled', () => {
    const text = calendar(
      'METHOD:CANCEL',
      ...event('UID:call-1', 'DTSTART:20260310T090000Z', 'DTEND:20260310T093000Z', 'SEQUENCE:4'),
    );
    expect(parseIcsEvents(text, spring)).toMatchObject([{ uid: 'call-1', cancelled: true, sequence: 4 }]);
    const published = text.replace('METHOD:CANCEL', 'METHOD:PUBLISH');
    expect(parseIcsEvents(published, spring)).toMatchObject([{ uid: 'call-1', cancelled: false }]);
  });

  it('does not take a date, a suite range or a postcode for a phone number', () => {
    const text = calendar(
      ...event(
        'UID:no-phone',
        'DTSTART:20260310T090000Z',
        'DTEND:20260310T093000Z',
        'DESCRIPTION:Booked on 2026-03-05 for Suite 400-410, NY 10001',
      ),
    );
    expect(parseIcsEvents(text, spring)[0]?.phone).toBeNull();
  });

  it('reads an override sent without its series (an invitation to one occurrence)', () => {
    const text = calendar(
      ...event(
        'UID:series-elsewhere',
        'RECURRENCE-ID:20260315T140000Z',
        'DTSTART:20260316T140000Z',
        'DTEND:20260316T150000Z',
        'SUMMARY:Moved check-up',
      ),
    );
    expect(parseIcsEvents(text, spring).map((e) => [e.externalId, e.startsAt.toISOString()])).toEqual([
      ['series-elsewhere/2026-03-15T14:00:00.000Z', '2026-03-16T14:00:00.000Z'],
    ]);
  });

  it('returns no events for a well-formed empty calendar', () => {
    expect(parseIcsEvents(calendar(), spring)).toEqual([]);
  });

  it('throws IcsParseError for text that is not a calendar, or a calendar cut off', () => {
    expect(() => parseIcsEvents('hello, this is not a calendar', spring)).toThrow(IcsParseError);
    expect(() => parseIcsEvents('<!doctype html><html><body>Sign in</body></html>', spring)).toThrow(
      /not an iCalendar file/i,
    );
    expect(() => parseIcsEvents('', spring)).toThrow(IcsParseError);
    const truncated = google.slice(0, google.indexOf('END:VCALENDAR'));
    expect(() => parseIcsEvents(truncated, spring)).toThrow(/truncated/);
  });
});
