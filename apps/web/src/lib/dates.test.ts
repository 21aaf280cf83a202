import { afterEach, describe, expect, it } from 'vitest';
import {
  activeTimeZone,
  differsFromBrowser,
  formatDateTime,
  hourOfDay,
  parseLocalInputValue,
  setBusinessTimeZone,
  timeZoneLabel,
  toLocalInputValue,
} from './dates.ts';

// Tests run with TZ=UTC: the browser's zone here is UTC.
afterEach(() => setBusinessTimeZone(undefined));

describe('dates in the business time zone', () => {
  it('reads and writes datetime-local values in a given zone, across daylight-saving changes', () => {
    const at = new Date('2026-03-04T14:05:00Z');
    expect(toLocalInputValue(at, 'Asia/Tokyo')).toBe('2026-03-04T23:05');
    expect(parseLocalInputValue('2026-03-04T23:05', 'Asia/Tokyo')).toEqual(at);
    expect(parseLocalInputValue('2026-07-01T09:00:30', 'America/New_York')).toEqual(
      new Date('2026-07-01T13:00:30Z'),
    );
    // 02:30 does not exist in New York on 8 March 2026: it is read as 03:30 EDT.
    expect(parseLocalInputValue('2026-03-08T02:30', 'America/New_York')).toEqual(
      new Date('2026-03-08T07:30:00Z'),
    );
    // 01:30 happens twice on 1 November 2026: the first one (EDT).
    expect(parseLocalInputValue('2026-11-01T01:30', 'America/New_York')).toEqual(
      new Date('2026-11-01T05:30:00Z'),
    );
    expect(parseLocalInputValue('soon', 'America/New_York')).toBeNull();
  });

  it('uses the business zone once set, and the browser’s when they are the same', () => {
    setBusinessTimeZone('UTC');
    expect(differsFromBrowser()).toBe(false);
    expect(activeTimeZone()).toBe('UTC');

    setBusinessTimeZone('Asia/Tokyo');
    expect(differsFromBrowser()).toBe(true);
    const at = new Date('2026-03-04T14:05:00Z');
    expect(toLocalInputValue(at)).toBe('2026-03-04T23:05');
    expect(parseLocalInputValue('2026-03-04T23:05')).toEqual(at);
    expect(formatDateTime(at)).toMatch(/11:05\s?PM/);
    expect(hourOfDay(at)).toBe(23);
    expect(timeZoneLabel(at)).toBe('Asia/Tokyo (GMT+9)');
  });
});
