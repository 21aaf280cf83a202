import type { AppointmentReminder } from '@callwise/shared/schemas/appointments';
import { describe, expect, it } from 'vitest';
import { beforeText, describeReminder } from './reminder-timeline';

const call: AppointmentReminder = {
  channel: 'call',
  id: '8f3a2b1c-5d4e-4f6a-9b7c-0d1e2f3a4b01',
  kind: 'reminder',
  minutes_before: 1440,
  at: '2030-12-04T15:00:00.000Z',
  status: 'completed',
  outcome: 'confirmed',
  detail: null,
};

describe('an appointment’s reminder timeline, in words', () => {
  it('says how long before the start, in the largest whole unit', () => {
    expect(beforeText(2880)).toBe('2 days');
    expect(beforeText(1440)).toBe('1 day');
    expect(beforeText(120)).toBe('2 hours');
    expect(beforeText(90)).toBe('90 minutes');
  });

  it('names each kind and how it stands, with the answer or why it was not sent', () => {
    expect(describeReminder(call)).toEqual({
      title: 'Reminder call, 1 day before',
      state: 'Answered · Confirmed',
    });
    expect(
      describeReminder({
        ...call,
        channel: 'email',
        minutes_before: 2880,
        status: 'skipped',
        outcome: null,
        detail: 'The appointment is confirmed',
      }),
    ).toEqual({ title: 'Reminder e-mail, 2 days before', state: 'Not sent · The appointment is confirmed' });
    expect(
      describeReminder({ ...call, channel: 'sms', minutes_before: 120, status: 'sent', outcome: null }),
    ).toEqual({ title: 'Reminder text, 2 hours before', state: 'Sent' });
    expect(
      describeReminder({ ...call, kind: 'moved', channel: 'email', status: 'sent', outcome: null }),
    ).toEqual({
      title: 'E-mail: the appointment moved',
      state: 'Sent',
    });
    expect(
      describeReminder({ ...call, kind: 'call', minutes_before: null, status: 'canceled', outcome: null }),
    ).toEqual({ title: 'Call about the appointment', state: 'Not needed' });
  });
});
