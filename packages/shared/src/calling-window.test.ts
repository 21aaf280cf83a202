import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CALLING_WINDOW,
  describeLocalTime,
  insideCallingWindow,
  localDay,
  nextCallingTime,
  previousCallingTime,
  zonedTime,
} from './calling-window.ts';

const window = DEFAULT_CALLING_WINDOW;

describe('calling window', () => {
  it('moves a call due at 22:30 recipient time to 08:00 the next day', () => {
    // 22:30 in New York on 2026-11-21 (EST, UTC-5) is 03:30 UTC on the 22nd.
    const due = new Date('2026-11-22T03:30:00Z');
    expect(insideCallingWindow(due, 'America/New_York', window)).toBe(false);
    expect(nextCallingTime(due, 'America/New_York', window).toISOString()).toBe('2026-11-22T13:00:00.000Z');
  });

  it('moves a call due before the opening to the same morning', () => {
    const due = new Date('2026-11-21T12:15:00Z'); // 06:15 in Chicago (CST, UTC-6)
    expect(nextCallingTime(due, 'America/Chicago', window).toISOString()).toBe('2026-11-21T14:00:00.000Z');
  });

  it('leaves a call inside the window where it is', () => {
    const due = new Date('2026-11-21T15:00:00Z'); // 10:00 in New York
    expect(nextCallingTime(due, 'America/New_York', window)).toBe(due);
  });

  it('uses the recipient zone, not the caller: 10:00 in New York is 07:00 in Los Angeles', () => {
    const due = new Date('2026-11-21T15:00:00Z');
    expect(insideCallingWindow(due, 'America/Los_Angeles', window)).toBe(false);
    expect(nextCallingTime(due, 'America/Los_Angeles', window).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
  });

  it('treats the end as closed: 21:00 is outside, 20:59 inside', () => {
    expect(insideCallingWindow(new Date('2026-11-22T02:00:00Z'), 'America/New_York', window)).toBe(false);
    expect(insideCallingWindow(new Date('2026-11-22T01:59:00Z'), 'America/New_York', window)).toBe(true);
  });

  it('honours a narrower window of the account', () => {
    const narrow = { start: '09:30', end: '17:00' };
    const due = new Date('2026-11-21T14:00:00Z'); // 09:00 New York
    expect(nextCallingTime(due, 'America/New_York', narrow).toISOString()).toBe('2026-11-21T14:30:00.000Z');
  });

  it('crosses month ends and daylight-saving changes', () => {
    // 23:00 on 31 Oct in London (BST ends on 25 Oct 2026; GMT) -> 08:00 on 1 Nov.
    expect(nextCallingTime(new Date('2026-10-31T23:00:00Z'), 'Europe/London', window).toISOString()).toBe(
      '2026-11-01T08:00:00.000Z',
    );
    // 22:00 on Sat 7 Mar 2026 in New York (EST) -> 08:00 EDT on Sun 8 Mar (clocks went forward at 02:00).
    expect(nextCallingTime(new Date('2026-03-08T03:00:00Z'), 'America/New_York', window).toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });

  it('moves a wall time that a spring-forward gap skips forward by the gap, and takes a repeated one first', () => {
    // 02:30 on 8 Mar 2026 does not exist in New York: it is read as 03:30 EDT (07:30 UTC).
    expect(zonedTime({ year: 2026, month: 3, day: 8 }, 150, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 on 1 Nov 2026 happens twice in New York: the first is 01:30 EDT (05:30 UTC).
    expect(zonedTime({ year: 2026, month: 11, day: 1 }, 90, 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // East of New York too: 01:30 on 25 Oct 2026 happens twice in London, first at 01:30 BST (00:30 UTC), and
    // twice in Sydney on 5 Apr 2026 at 02:30, first at 02:30 AEDT (15:30 UTC the day before).
    expect(zonedTime({ year: 2026, month: 10, day: 25 }, 90, 'Europe/London').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 4, day: 5 }, 150, 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T15:30:00.000Z',
    );
  });

  it('works in zones ahead of UTC and on half hours', () => {
    // 21:45 in Kolkata (UTC+5:30) is 16:15 UTC -> 08:00 next day = 02:30 UTC.
    expect(nextCallingTime(new Date('2026-11-21T16:15:00Z'), 'Asia/Kolkata', window).toISOString()).toBe(
      '2026-11-22T02:30:00.000Z',
    );
  });

  it('gives the local day and says when a call goes out in words', () => {
    const day = localDay(new Date('2026-11-22T03:30:00Z'), 'America/New_York');
    expect(day.key).toBe('2026-11-21');
    expect(day.start.toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(describeLocalTime(new Date('2026-11-22T13:00:00Z'), 'America/New_York')).toBe(
      '8:00 AM on Sun, Nov 22 (America/New_York)',
    );
  });
});

describe('previousCallingTime', () => {
  const window = { start: '08:00', end: '21:00' };
  it('keeps a time inside the window, and moves one outside back, never later', () => {
    // 10:00 in Chicago (UTC-6 in December): inside.
    const inside = new Date('2030-12-03T16:00:00Z');
    expect(previousCallingTime(inside, 'America/Chicago', window)).toEqual(inside);
    // 06:30 in Chicago: the day before, 20:45.
    expect(
      previousCallingTime(new Date('2030-12-03T12:30:00Z'), 'America/Chicago', window).toISOString(),
    ).toBe('2030-12-03T02:45:00.000Z');
    // 22:10 in Chicago: the same day, 20:45.
    expect(
      previousCallingTime(new Date('2030-12-04T04:10:00Z'), 'America/Chicago', window).toISOString(),
    ).toBe('2030-12-04T02:45:00.000Z');
  });
});
