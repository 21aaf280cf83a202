import type { WaitlistEntry } from '@callwise/shared/schemas/waitlist';
import { describe, expect, it } from 'vitest';
import { wishesOf } from './waitlist';

const entry: WaitlistEntry = {
  id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c01',
  contact_id: '3f6c1a52-8e0d-4b7a-9c21-5d4e7f8a9b01',
  service: null,
  staff: null,
  days: [],
  earliest: null,
  latest: null,
  notes: null,
  status: 'waiting',
  booked_appointment_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('what a waitlist entry wants, in words', () => {
  it('says any service and any time when it names nothing', () => {
    expect(wishesOf(entry)).toBe('Any service · any time');
  });

  it('names the service, staff member, days and times it has', () => {
    expect(
      wishesOf({
        ...entry,
        service: 'Cleaning',
        staff: 'Dr. Patel',
        days: ['tuesday', 'thursday'],
        earliest: '09:00',
        latest: '12:00',
      }),
    ).toBe('Cleaning · Dr. Patel · Tuesday, Thursday · 09:00–12:00');
    expect(wishesOf({ ...entry, latest: '12:00' })).toBe('Any service · any time–12:00');
  });
});
