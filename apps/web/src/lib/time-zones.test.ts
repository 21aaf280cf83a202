import { describe, expect, it } from 'vitest';
import { timeZoneGroups } from '@/lib/time-zones';

describe('timeZoneGroups', () => {
  it('groups the zones by region, in order, each named by its city', () => {
    // The runtime's list may name Buenos Aires either way; given as the saved zone, it is there.
    const groups = timeZoneGroups('America/Argentina/Buenos_Aires');
    const america = groups.find((group) => group.region === 'America');
    expect(america?.zones).toContainEqual({ value: 'America/New_York', label: 'New York' });
    expect(america?.zones).toContainEqual({
      value: 'America/Argentina/Buenos_Aires',
      label: 'Argentina / Buenos Aires',
    });
    const values = america?.zones.map((zone) => zone.value) ?? [];
    expect(values).toEqual([...values].sort());
    expect(groups.find((group) => group.region === 'Other')?.zones).toContainEqual({
      value: 'UTC',
      label: 'UTC',
    });
  });

  it('keeps the saved zone when the list lacks it (an older alias)', () => {
    expect(timeZoneGroups().some((group) => group.region === 'US')).toBe(false);
    expect(timeZoneGroups('US/Eastern').find((group) => group.region === 'US')?.zones).toEqual([
      { value: 'US/Eastern', label: 'Eastern' },
    ]);
  });
});
