import { describe, expect, it } from 'vitest';
import { openSlots, type SlotRequest } from './availability.ts';
import { localTime, zonedTime } from './calling-window.ts';
import { type BookingSettings, DEFAULT_BOOKING_SETTINGS } from './schemas/booking.ts';

const NY = 'America/New_York';
const settings = (change: Partial<BookingSettings> = {}): BookingSettings => ({
  ...DEFAULT_BOOKING_SETTINGS,
  min_notice_minutes: 0,
  ...change,
});
const request = (change: Partial<SlotRequest>): SlotRequest => ({
  settings: settings(),
  timezone: NY,
  from: new Date('2030-12-02T05:00:00Z'), // Monday 00:00 in New York
  to: new Date('2030-12-03T05:00:00Z'),
  now: new Date('2030-01-01T00:00:00Z'),
  durationMinutes: 60,
  bufferMinutes: 0,
  staff: [''],
  busy: [],
  ...change,
});
const starts = (slots: ReturnType<typeof openSlots>) => slots.map((slot) => slot.startsAt.toISOString());

describe('open slots', () => {
  it('steps through the opening hours in the business’s time zone, each slot ending by closing', () => {
    const slots = openSlots(request({}));
    // 9:00 to 16:00 every 30 minutes (16:30 would end at 17:30): 15 slots, 14:00Z is 9 AM EST.
    expect(slots).toHaveLength(15);
    expect(slots[0]?.startsAt.toISOString()).toBe('2030-12-02T14:00:00.000Z');
    expect(slots.at(-1)?.startsAt.toISOString()).toBe('2030-12-02T21:00:00.000Z');
    expect(slots[0]?.endsAt.toISOString()).toBe('2030-12-02T15:00:00.000Z');
  });

  it('keeps wall-clock hours across a daylight-saving change', () => {
    // Friday 2030-03-08 (EST), a closed weekend with the change, Monday 2030-03-11 (EDT): 9 AM is 14:00Z, then 13:00Z.
    const slots = openSlots(
      request({ from: new Date('2030-03-08T05:00:00Z'), to: new Date('2030-03-12T04:00:00Z') }),
    );
    const firsts = [...new Set(slots.map((slot) => slot.startsAt.toISOString().slice(0, 10)))].map((day) =>
      starts(slots).find((start) => start.startsWith(day)),
    );
    expect(firsts).toEqual(['2030-03-08T14:00:00.000Z', '2030-03-11T13:00:00.000Z']);
  });

  it('offers no wall-clock time a daylight-saving change skips, and no slot twice', () => {
    const allDay = [{ opens: '00:00', closes: '24:00' }];
    const hours = Object.fromEntries(
      ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [
        day,
        allDay,
      ]),
    ) as BookingSettings['hours'];
    // Sunday 2030-03-10 in New York has 23 hours: 2:00–2:59 does not exist.
    const slots = openSlots(
      request({
        settings: settings({ hours, slot_step_minutes: 15 }),
        from: new Date('2030-03-10T05:00:00Z'),
        to: new Date('2030-03-11T04:00:00Z'),
        durationMinutes: 15,
      }),
    );
    expect(slots).toHaveLength(23 * 4);
    expect(new Set(starts(slots)).size).toBe(slots.length);
  });

  it('places every wall time of a day with a change as reading the zone for it would, in zones of every kind', () => {
    const allDay = [{ opens: '00:00', closes: '24:00' }];
    const hours = Object.fromEntries(
      ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [
        day,
        allDay,
      ]),
    ) as BookingSettings['hours'];
    // Spring forward and fall back in New York, London and Sydney; Lord Howe moves by half an hour; Santiago
    // changes at midnight; Kolkata has none.
    const days: Array<[string, string]> = [
      [NY, '2030-03-10'],
      [NY, '2030-11-03'],
      ['Europe/London', '2030-03-31'],
      ['Europe/London', '2030-10-27'],
      ['Australia/Sydney', '2030-04-07'],
      ['Australia/Sydney', '2030-10-06'],
      ['Australia/Lord_Howe', '2030-04-07'],
      ['Australia/Lord_Howe', '2030-10-06'],
      ['America/Santiago', '2030-04-07'],
      ['America/Santiago', '2030-09-08'],
      ['Asia/Kolkata', '2030-03-10'],
    ];
    for (const [timezone, date] of days) {
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const from = zonedTime({ year, month, day }, 0, timezone);
      const to = zonedTime({ year, month, day: day + 1 }, 0, timezone);
      const expected: string[] = [];
      for (let minute = 0; minute < 24 * 60; minute += 15) {
        const start = zonedTime({ year, month, day }, minute, timezone);
        const wall = localTime(start, timezone);
        if (wall.hour * 60 + wall.minute !== minute) continue;
        if (start.getTime() + 15 * 60_000 > to.getTime()) continue;
        expected.push(start.toISOString());
      }
      const slots = openSlots(
        request({
          settings: settings({ hours, slot_step_minutes: 15 }),
          timezone,
          from,
          to,
          durationMinutes: 15,
        }),
      );
      expect(starts(slots), `${timezone} ${date}`).toEqual(expected);
    }
  });

  it('leaves out busy times with their buffers, and needs the new appointment’s buffer free too', () => {
    const busy = [
      // 10:00–10:45 plus a 15-minute buffer: busy until 11:00.
      { staff: '', start: Date.parse('2030-12-02T15:00:00Z'), end: Date.parse('2030-12-02T16:00:00Z') },
    ];
    const slots = openSlots(request({ busy, durationMinutes: 30, bufferMinutes: 30 }));
    const morning = starts(slots).filter((start) => start < '2030-12-02T17:00:00.000Z');
    // 9:00 (ends 9:30, buffer to 10:00) fits; 9:30 would need its buffer until 10:30; 10:00–10:30 busy; 11:00 free.
    expect(morning).toEqual([
      '2030-12-02T14:00:00.000Z',
      '2030-12-02T16:00:00.000Z',
      '2030-12-02T16:30:00.000Z',
    ]);
  });

  it('skips closures of the business and of one staff member, and uses a staff member’s own hours', () => {
    const own = { ...DEFAULT_BOOKING_SETTINGS.hours, monday: [{ opens: '12:00', closes: '14:00' }] };
    const withStaff = settings({
      staff: [
        { name: 'Dr. Patel', bookable: true, hours: null },
        { name: 'Dr. Kim', bookable: true, hours: own },
      ],
      closures: [{ starts_on: '2030-12-03', ends_on: '2030-12-03', staff: 'Dr. Patel', reason: null }],
    });
    const slots = openSlots(
      request({
        settings: withStaff,
        staff: ['Dr. Patel', 'Dr. Kim'],
        to: new Date('2030-12-04T05:00:00Z'),
      }),
    );
    const kim = slots.filter((slot) => slot.staff === 'Dr. Kim');
    const patel = slots.filter((slot) => slot.staff === 'Dr. Patel');
    // Kim: Monday 12:00–14:00 only (12:00, 12:30, 13:00); Tuesday the business's hours (15 slots).
    expect(starts(kim).slice(0, 3)).toEqual([
      '2030-12-02T17:00:00.000Z',
      '2030-12-02T17:30:00.000Z',
      '2030-12-02T18:00:00.000Z',
    ]);
    expect(kim).toHaveLength(3 + 15);
    // Patel: Monday only (closed Tuesday).
    expect(patel).toHaveLength(15);
    expect(patel.every((slot) => slot.startsAt.toISOString().startsWith('2030-12-02'))).toBe(true);
    const everyone = openSlots(
      request({
        settings: settings({
          closures: [{ starts_on: '2030-12-02', ends_on: '2030-12-02', staff: null, reason: 'Holiday' }],
        }),
        staff: [''],
      }),
    );
    expect(everyone).toEqual([]);
  });

  it('offers nothing sooner than the minimum notice, and nothing on a closed weekday', () => {
    const now = new Date('2030-12-02T15:10:00Z'); // 10:10 AM
    const slots = openSlots(request({ now, settings: settings({ min_notice_minutes: 120 }) }));
    expect(slots[0]?.startsAt.toISOString()).toBe('2030-12-02T17:30:00.000Z'); // 12:30 PM
    const sunday = openSlots(
      request({ from: new Date('2030-12-01T05:00:00Z'), to: new Date('2030-12-02T05:00:00Z') }),
    );
    expect(sunday).toEqual([]);
  });
});
