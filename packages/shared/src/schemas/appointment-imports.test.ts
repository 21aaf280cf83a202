import { describe, expect, it } from 'vitest';
import {
  appointmentImportMappingSchema,
  parseImportDate,
  parseImportDateTime,
  parseImportTime,
} from './appointment-imports.ts';

describe('parseImportDate', () => {
  it.each([
    ['2026-12-01', 'mdy', { year: 2026, month: 12, day: 1 }],
    ['2026/12/1', 'mdy', { year: 2026, month: 12, day: 1 }],
    ['12/01/2026', 'mdy', { year: 2026, month: 12, day: 1 }],
    ['12/01/2026', 'dmy', { year: 2026, month: 1, day: 12 }],
    ['12/1/26', 'mdy', { year: 2026, month: 12, day: 1 }],
    ['01.12.2026', 'mdy', { year: 2026, month: 12, day: 1 }],
    ['Dec 1, 2026', 'mdy', { year: 2026, month: 12, day: 1 }],
    ['Tuesday, December 1st 2026', 'mdy', { year: 2026, month: 12, day: 1 }],
    ['1 Dec 2026', 'dmy', { year: 2026, month: 12, day: 1 }],
  ] as const)('reads %s (%s)', (text, order, expected) => {
    expect(parseImportDate(text, order)).toEqual(expected);
  });

  it.each(['', '2026-02-30', '13/13/2026', 'tomorrow', 'Foo 1, 2026', '2026-12'])('refuses %j', (text) => {
    expect(parseImportDate(text)).toBeNull();
  });
});

describe('parseImportTime', () => {
  it.each([
    ['15:00', 900],
    ['15:00:00', 900],
    ['9:05', 545],
    ['9.30', 570],
    ['3:00 PM', 900],
    ['3 pm', 900],
    ['3:30p.m.', 930],
    ['12:00 AM', 0],
    ['12:15 pm', 735],
  ])('reads %s', (text, minutes) => {
    expect(parseImportTime(text)).toBe(minutes);
  });

  it.each(['', '25:00', '9', '13:00 PM', '0 am', '10:60', '10:00m', 'noon'])('refuses %j', (text) => {
    expect(parseImportTime(text)).toBeNull();
  });
});

describe('parseImportDateTime', () => {
  it('keeps an instant with an offset, and leaves a wall-clock time to the business’s zone', () => {
    expect(parseImportDateTime('2026-12-01T15:00:00Z')).toEqual({
      instant: new Date('2026-12-01T15:00:00Z'),
    });
    expect(parseImportDateTime('2026-12-01 15:00+01:00')).toEqual({
      instant: new Date('2026-12-01T14:00:00Z'),
    });
    const wall = { date: { year: 2026, month: 12, day: 1 }, minutes: 900 };
    expect(parseImportDateTime('2026-12-01T15:00')).toEqual(wall);
    expect(parseImportDateTime('2026-12-01 15:00:00.000')).toEqual(wall);
    expect(parseImportDateTime('12/01/2026 3:00 PM')).toEqual(wall);
    expect(parseImportDateTime('Dec 1, 2026 3 pm')).toEqual(wall);
    expect(parseImportDateTime('01/12/2026 15:00', 'dmy')).toEqual(wall);
    expect(parseImportDateTime('2026-12-01')).toBeNull();
    expect(parseImportDateTime('soon')).toBeNull();
  });
});

describe('appointmentImportMappingSchema', () => {
  const fieldsOf = (mapping: object) => {
    const result = appointmentImportMappingSchema.safeParse(mapping);
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };
  it('needs a phone and a start, or a date and a time, and not two ways of one thing', () => {
    expect(fieldsOf({ phone: 'Phone', starts_at: 'Start' })).toEqual([]);
    expect(fieldsOf({ phone: 'Phone', date: 'Day', time: 'At' })).toEqual([]);
    expect(fieldsOf({ starts_at: 'Start' })).toEqual(['phone']);
    expect(fieldsOf({ phone: 'Phone' })).toEqual(['starts_at']);
    expect(fieldsOf({ phone: 'Phone', date: 'Day' })).toEqual(['time']);
    expect(fieldsOf({ phone: 'Phone', starts_at: 'Start', date: 'Day' })).toEqual(['date']);
    expect(fieldsOf({ phone: 'P', starts_at: 'S', ends_at: 'E', duration_minutes: 'D' })).toEqual([
      'duration_minutes',
    ]);
  });
});
