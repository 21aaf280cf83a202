import { describe, expect, it } from 'vitest';
import { parseLocalInputValue, toLocalInputValue } from '@/lib/dates';
import { nextMinute } from './schedule-time.ts';

// Tests run with TZ=UTC; the functions read and write the browser's (here the process's) local time.
describe('schedule time', () => {
  it('rounds now up to the next whole minute', () => {
    expect(nextMinute(new Date(2026, 2, 4, 15, 29, 1, 500))).toEqual(new Date(2026, 2, 4, 15, 30, 0, 0));
    expect(nextMinute(new Date(2026, 2, 4, 15, 29, 0, 0))).toEqual(new Date(2026, 2, 4, 15, 30, 0, 0));
  });

  it('writes and reads datetime-local values, with or without seconds', () => {
    const date = new Date(2026, 2, 4, 9, 5);
    expect(toLocalInputValue(date)).toBe('2026-03-04T09:05');
    expect(parseLocalInputValue('2026-03-04T09:05')).toEqual(date);
    expect(parseLocalInputValue('2026-03-04T09:05:30')).toEqual(new Date(2026, 2, 4, 9, 5, 30));
    expect(parseLocalInputValue('')).toBeNull();
    expect(parseLocalInputValue('tomorrow')).toBeNull();
  });
});
