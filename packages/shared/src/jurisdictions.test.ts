import { describe, expect, it } from 'vitest';
import {
  busiest24Hours,
  describeHours,
  intersectWindows,
  JURISDICTIONS,
  jurisdictionsFor,
  jurisdictionsOfPhone,
} from './jurisdictions.ts';

const HOUR = 3600_000;
const ids = (phone: string) => jurisdictionsOfPhone(phone).map((state) => state.id);

describe('the jurisdictions table', () => {
  it('has Florida and Oklahoma: promotional calls and texts, 8 AM–8 PM, 3 per 24 hours, each with its source', () => {
    expect(JURISDICTIONS.map((state) => state.id)).toEqual(['FL', 'OK']);
    for (const state of JURISDICTIONS) {
      expect(state.appliesTo).toEqual(['promotional']);
      expect(state.channels).toEqual(['call', 'text']);
      expect(state.window).toEqual({ start: '08:00', end: '20:00' });
      expect(state.maxPer24h).toBe(3);
      expect(state.source.title).toMatch(/§/);
      expect(state.source.url).toMatch(/^https:\/\//);
    }
    expect(JURISDICTIONS[0]?.source.title).toBe('Fla. Stat. § 501.616(6)');
    expect(JURISDICTIONS[1]?.source.title).toBe('Okla. Stat. tit. 15, § 775C.4');
  });

  it('finds a number’s state by its area code: Miami, the panhandle, Tulsa; none elsewhere', () => {
    expect(ids('+13055550100')).toEqual(['FL']);
    expect(ids('+17865550100')).toEqual(['FL']);
    expect(ids('+18505550100')).toEqual(['FL']); // Pensacola, in Central time
    expect(ids('+19185550100')).toEqual(['OK']);
    expect(ids('+14055550100')).toEqual(['OK']);
    expect(ids('+12125550100')).toEqual([]);
    expect(ids('+13125550100')).toEqual([]);
    expect(ids('+442079460000')).toEqual([]);
    expect(ids('not a number')).toEqual([]);
  });

  it('covers promotional calls only, on both channels', () => {
    expect(jurisdictionsFor('+13055550100', 'promotional').map((s) => s.id)).toEqual(['FL']);
    expect(jurisdictionsFor('+13055550100', 'promotional', 'text').map((s) => s.id)).toEqual(['FL']);
    expect(jurisdictionsFor('+13055550100', 'appointment-reminder')).toEqual([]);
    expect(jurisdictionsFor('+13055550100', 'custom')).toEqual([]);
  });

  it('says hours and meets windows', () => {
    expect(describeHours({ start: '08:00', end: '20:00' })).toBe('8 AM–8 PM');
    expect(describeHours({ start: '09:30', end: '24:00' })).toBe('9:30 AM–12 AM');
    expect(intersectWindows({ start: '08:00', end: '21:00' }, [{ start: '08:00', end: '20:00' }])).toEqual({
      start: '08:00',
      end: '20:00',
    });
    expect(intersectWindows({ start: '09:00', end: '17:00' }, [{ start: '08:00', end: '20:00' }])).toEqual({
      start: '09:00',
      end: '17:00',
    });
    expect(intersectWindows({ start: '20:00', end: '21:00' }, [{ start: '08:00', end: '20:00' }])).toBeNull();
  });

  it('counts the busiest 24 hours holding a call, both ways, the 24th hour open', () => {
    const t = new Date('2026-01-15T15:00:00Z');
    const at = (hours: number, minutes = 0) => new Date(t.getTime() + hours * HOUR + minutes * 60_000);
    expect(busiest24Hours(t, [])).toBe(1);
    expect(busiest24Hours(at(3), [at(0), at(1), at(2)])).toBe(4);
    expect(busiest24Hours(at(24, 1), [at(0), at(1), at(2)])).toBe(3);
    expect(busiest24Hours(at(24), [at(0)])).toBe(1);
    // Before three calls already scheduled for the next hours.
    expect(busiest24Hours(at(-1), [at(0), at(1), at(2)])).toBe(4);
    expect(busiest24Hours(at(-24, -1), [at(0), at(1), at(2)])).toBe(1);
  });
});
