import { DEFAULT_BOOKING_SETTINGS } from '@callwise/shared/schemas/booking';
import { describe, expect, it } from 'vitest';
import {
  documentFrom,
  formFieldOf,
  reminderSentence,
  valuesFrom,
  WEEK,
  withBreak,
} from '@/features/settings/utils/booking-form';

describe('booking form', () => {
  it('shows the week Monday first', () => {
    expect(WEEK[0]).toBe('monday');
    expect(WEEK.at(-1)).toBe('sunday');
  });

  it('round-trips the document, lengths in their largest whole unit', () => {
    const settings = {
      ...DEFAULT_BOOKING_SETTINGS,
      min_notice_minutes: 120,
      closures: [{ starts_on: '2026-12-24', ends_on: '2026-12-26', staff: null, reason: null }],
    };
    const values = valuesFrom(settings);
    expect(values.min_notice).toEqual({ amount: 2, unit: 'hours' });
    expect(values.reminders.map((rule) => reminderSentence(rule))).toEqual([
      'E-mail 2 days before',
      'Call 1 day before',
      'Call 2 hours before if not confirmed',
    ]);
    expect(reminderSentence({ channel: 'sms', amount: 2, unit: 'hours', only_if_unconfirmed: false })).toBe(
      'Text 2 hours before',
    );
    expect(values.closures[0]).toMatchObject({ staff: '', reason: '' });
    expect(documentFrom(values)).toEqual(settings);
  });

  it('splits the last stretch of a day with a break', () => {
    expect(withBreak([{ opens: '09:00', closes: '17:00' }])).toEqual([
      { opens: '09:00', closes: '12:00' },
      { opens: '13:00', closes: '17:00' },
    ]);
    expect(withBreak([{ opens: '09:00', closes: '09:30' }])).toBeNull();
    expect(withBreak([])).toBeNull();
  });

  it('puts each server problem on the input that shows it', () => {
    expect(formFieldOf('hours.monday.0.closes')).toBe('hours.monday.0.closes');
    expect(formFieldOf('staff.1.hours.friday.0.opens')).toBe('staff.1.hours.friday.0.opens');
    expect(formFieldOf('closures.0.staff')).toBe('closures.0.staff');
    expect(formFieldOf('min_notice_minutes')).toBe('min_notice.amount');
    expect(formFieldOf('reminders.2.minutes_before')).toBe('reminders.2.amount');
    expect(formFieldOf('hours.monday')).toBe('hours.monday.root');
    expect(formFieldOf('staff')).toBe('staff.root');
    expect(formFieldOf('services.0.reminders.0.minutes_before')).toBeNull();
    expect(formFieldOf('timezone')).toBeNull();
  });
});
