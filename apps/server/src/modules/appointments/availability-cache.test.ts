import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import { describe, expect, it } from 'vitest';
import { AvailabilityCache, type HeldTime } from './availability-cache.ts';

/** The kept copy behind GET /v1/availability (decision 024): what it keeps, and what makes it forget. */
const settings = { settings: DEFAULT_BOOKING_SETTINGS, updatedAt: null };
const from = new Date('2030-12-02T00:00:00Z');
const to = new Date('2030-12-03T00:00:00Z');

function counted<T>(value: T) {
  const load = {
    calls: 0,
    fn: async () => {
      load.calls += 1;
      return value;
    },
  };
  return load;
}

describe('the availability cache', () => {
  it('reads once per account and window, until the database names the account', async () => {
    const cache = new AvailabilityCache(true);
    const held = counted<HeldTime[]>([]);
    await cache.held('a', ['Dr. Patel', 'Dr. Kim'], from, to, held.fn);
    await cache.held('a', ['Dr. Kim', 'Dr. Patel'], from, to, held.fn);
    expect(held.calls).toBe(1);
    await cache.held('a', ['Dr. Kim'], from, to, held.fn);
    await cache.held('b', ['Dr. Kim'], from, to, held.fn);
    expect(held.calls).toBe(3);
    cache.forget('b,c');
    await cache.held('a', ['Dr. Kim'], from, to, held.fn);
    await cache.held('b', ['Dr. Kim'], from, to, held.fn);
    expect(held.calls).toBe(4);
    cache.forget('*');
    await cache.held('a', ['Dr. Kim'], from, to, held.fn);
    cache.forget(null);
    await cache.held('a', ['Dr. Kim'], from, to, held.fn);
    expect(held.calls).toBe(6);
  });

  it('never keeps what was read before a notice that came while reading', async () => {
    const cache = new AvailabilityCache(true);
    let finish: (value: string) => void = () => undefined;
    const slow = cache.timezone(
      'a',
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    cache.forget('a');
    finish('America/New_York');
    expect(await slow).toBe('America/New_York');
    const zone = counted('America/Chicago');
    expect(await cache.timezone('a', zone.fn)).toBe('America/Chicago');
    expect(zone.calls).toBe(1);
  });

  it('forgets a failed read and anything older than five minutes', async () => {
    let now = 0;
    const cache = new AvailabilityCache(true, () => now);
    await expect(cache.settings('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const load = counted(settings);
    await cache.settings('a', load.fn);
    now = 4 * 60_000;
    await cache.settings('a', load.fn);
    expect(load.calls).toBe(1);
    now = 9 * 60_000 + 1;
    await cache.settings('a', load.fn);
    expect(load.calls).toBe(2);
  });

  it('reads every time when off (PostgreSQL: other processes write too)', async () => {
    const cache = new AvailabilityCache(false);
    const load = counted('UTC');
    await cache.timezone('a', load.fn);
    await cache.timezone('a', load.fn);
    expect(load.calls).toBe(2);
  });
});
