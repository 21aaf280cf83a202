import { describe, expect, it } from 'vitest';
import { billingPeriod, formatUsd, priceCalls } from './billing.ts';

const at = (iso: string) => new Date(iso);
const period = (started: string, now: string) => {
  const { start, end } = billingPeriod(at(started), at(now));
  return [start.toISOString(), end.toISOString()];
};

describe('billingPeriod', () => {
  it('runs from the plan’s day of the month to the same day of the next', () => {
    expect(period('2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z')).toEqual([
      '2026-01-05T10:00:00.000Z',
      '2026-02-05T10:00:00.000Z',
    ]);
    expect(period('2026-01-05T10:00:00.000Z', '2026-03-20T00:00:00.000Z')).toEqual([
      '2026-03-05T10:00:00.000Z',
      '2026-04-05T10:00:00.000Z',
    ]);
    // Before the day's renewal time, the month before still runs.
    expect(period('2026-01-05T10:00:00.000Z', '2026-03-05T09:59:59.999Z')).toEqual([
      '2026-02-05T10:00:00.000Z',
      '2026-03-05T10:00:00.000Z',
    ]);
  });

  it('renews on the last day of a month too short for the plan’s day, and on that day again after', () => {
    expect(period('2026-01-31T12:00:00.000Z', '2026-02-15T00:00:00.000Z')).toEqual([
      '2026-01-31T12:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
    ]);
    expect(period('2026-01-31T12:00:00.000Z', '2026-03-01T00:00:00.000Z')).toEqual([
      '2026-02-28T12:00:00.000Z',
      '2026-03-31T12:00:00.000Z',
    ]);
    expect(period('2027-12-31T12:00:00.000Z', '2028-02-29T13:00:00.000Z')).toEqual([
      '2028-02-29T12:00:00.000Z',
      '2028-03-31T12:00:00.000Z',
    ]);
  });

  it('crosses the year', () => {
    expect(period('2025-11-15T00:00:00.000Z', '2026-01-02T00:00:00.000Z')).toEqual([
      '2025-12-15T00:00:00.000Z',
      '2026-01-15T00:00:00.000Z',
    ]);
  });
});

describe('priceCalls', () => {
  const starter = { plan: 'starter' as const, included: 100, used: 98, overageCents: 0, budgetCents: null };

  it('lets the allowance cover what it can, and prices every call beyond it at $0.50', () => {
    expect(priceCalls(starter, 2)).toEqual({
      allowed: true,
      includedLeft: 2,
      overageCalls: 0,
      overageCents: 0,
      budgetLeftCents: null,
    });
    expect(priceCalls(starter, 5)).toMatchObject({ allowed: true, overageCalls: 3, overageCents: 150 });
    expect(priceCalls({ ...starter, used: 140 }, 1)).toMatchObject({ includedLeft: 0, overageCents: 50 });
  });

  it('keeps extra calls within what is left of the budget, never the included ones', () => {
    const capped = { ...starter, budgetCents: 100, overageCents: 0 };
    expect(priceCalls(capped, 4)).toMatchObject({ allowed: true, overageCents: 100, budgetLeftCents: 100 });
    expect(priceCalls(capped, 5)).toMatchObject({ allowed: false, reason: 'budget' });
    const spent = { ...starter, used: 110, budgetCents: 100, overageCents: 100 };
    expect(priceCalls(spent, 1)).toMatchObject({ allowed: false, reason: 'budget', budgetLeftCents: 0 });
    // A budget lowered below what is spent leaves nothing, not less than nothing.
    expect(priceCalls({ ...spent, budgetCents: 50 }, 1)).toMatchObject({ budgetLeftCents: 0 });
    expect(priceCalls({ ...starter, used: 0, budgetCents: 0 }, 100)).toMatchObject({ allowed: true });
  });

  it('never sells extra calls on the trial', () => {
    const trial = { plan: 'trial' as const, included: 10, used: 9, overageCents: 0, budgetCents: null };
    expect(priceCalls(trial, 1)).toMatchObject({ allowed: true, includedLeft: 1 });
    expect(priceCalls(trial, 2)).toEqual({
      allowed: false,
      reason: 'call_limit',
      includedLeft: 1,
      overageCalls: 1,
      overageCents: 0,
      budgetLeftCents: null,
    });
  });
});

describe('formatUsd', () => {
  it('shows dollars and cents', () => {
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(-0.5)).toBe('-$0.50');
  });
});
