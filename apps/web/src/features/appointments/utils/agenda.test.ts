import type { Appointment } from '@callwise/shared/schemas/appointments';
import { describe, expect, it } from 'vitest';
import { addDays, byDay, daysOf, needsAttention, rangeOf } from './agenda.ts';

const appointment = (changes: Partial<Appointment>): Appointment => ({
  id: '00000000-0000-4000-8000-000000000001',
  contact_id: null,
  starts_at: '2026-11-27T14:00:00.000Z',
  ends_at: '2026-11-27T14:30:00.000Z',
  duration_minutes: 30,
  timezone: 'America/New_York',
  service: null,
  staff: null,
  location: null,
  notes: null,
  source: 'manual',
  external_id: null,
  status: 'scheduled',
  rescheduled_to: null,
  rescheduled_from: null,
  self_service_url: 'http://localhost:3000/a/token',
  created_at: '2026-11-20T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
  ...changes,
});

describe('the agenda’s days', () => {
  it('a week runs Monday to Sunday, across months', () => {
    expect(daysOf('week', '2026-12-02')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(daysOf('week', '2026-11-29')[0]).toBe('2026-11-23');
    expect(daysOf('day', '2026-11-29')).toEqual(['2026-11-29']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('covers the business’s days, midnight to midnight in its zone, through a daylight-saving change', () => {
    expect(rangeOf(['2026-11-01'], 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    });
  });

  it('puts an appointment on the day it starts in the zone', () => {
    const late = appointment({ starts_at: '2026-11-28T03:00:00.000Z' });
    const groups = byDay([late], ['2026-11-27', '2026-11-28'], 'America/New_York');
    expect(groups.get('2026-11-27')).toEqual([late]);
    expect(groups.get('2026-11-28')).toEqual([]);
  });
});

describe('needsAttention', () => {
  const now = new Date('2026-11-27T00:00:00.000Z');
  it('is an unconfirmed one within 24 hours, a reschedule asked for, or a cancellation', () => {
    expect(needsAttention(appointment({}), now)).toBe(true);
    expect(needsAttention(appointment({ starts_at: '2026-11-29T14:00:00.000Z' }), now)).toBe(false);
    expect(needsAttention(appointment({ status: 'confirmed' }), now)).toBe(false);
    expect(needsAttention(appointment({ status: 'reschedule_requested' }), now)).toBe(true);
    expect(needsAttention(appointment({ status: 'cancelled' }), now)).toBe(true);
  });
});
