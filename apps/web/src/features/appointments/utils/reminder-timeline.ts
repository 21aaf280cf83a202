import { CALL_OUTCOME_LABELS } from '@callwise/shared/calls';
import type { AppointmentReminder } from '@callwise/shared/schemas/appointments';

const CALL_STATUS_WORDS: Record<string, string> = {
  scheduled: 'Scheduled',
  queued: 'Going out',
  ringing: 'Ringing',
  'in-progress': 'In progress',
  completed: 'Answered',
  busy: 'Busy',
  'no-answer': 'No answer',
  failed: 'Failed',
  canceled: 'Not needed',
};

const EMAIL_STATUS_WORDS: Record<string, string> = {
  pending: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  skipped: 'Not sent',
  failed: 'Failed',
  unknown: 'Unknown',
};

/** "2 days", "1 day", "2 hours", "30 minutes": how long before the start a rule sends its reminder. */
export function beforeText(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** What an item of an appointment's timeline is, and how it stands, in words. */
export function describeReminder(item: AppointmentReminder): { title: string; state: string } {
  const what = item.channel === 'call' ? 'call' : item.channel === 'sms' ? 'text' : 'e-mail';
  const title =
    item.kind === 'moved'
      ? 'E-mail: the appointment moved'
      : item.kind === 'call'
        ? 'Call about the appointment'
        : `Reminder ${what}${item.minutes_before === null ? '' : `, ${beforeText(item.minutes_before)} before`}`;
  const status =
    (item.channel === 'call' ? CALL_STATUS_WORDS : EMAIL_STATUS_WORDS)[item.status] ?? item.status;
  const answer = item.outcome ? ` · ${CALL_OUTCOME_LABELS[item.outcome]}` : '';
  const why =
    item.detail && (item.status === 'skipped' || item.status === 'failed') ? ` · ${item.detail}` : '';
  return { title, state: `${status}${answer}${why}` };
}
