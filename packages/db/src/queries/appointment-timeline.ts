import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { calls } from '../schema.ts';
import { listAppointmentEmails } from './appointment-emails.ts';

/** One thing that went out (or will) about an appointment. */
export interface TimelineItem {
  channel: 'call' | 'email' | 'sms';
  id: string;
  kind: 'reminder' | 'moved' | 'call';
  minutesBefore: number | null;
  at: Date;
  status: string;
  outcome: string | null;
  detail: string | null;
}

/** An appointment's calls (its reminders and any other call about it), e-mails and text reminders, in time order. */
export async function appointmentTimeline(
  db: Database,
  accountId: string,
  appointmentId: string,
): Promise<TimelineItem[]> {
  const [callRows, emails] = await Promise.all([
    db
      .select({
        id: calls.id,
        scheduledAt: calls.scheduledAt,
        status: calls.status,
        outcome: calls.outcome,
        minutesBefore: calls.reminderMinutesBefore,
        failureReason: calls.failureReason,
      })
      .from(calls)
      .where(and(eq(calls.accountId, accountId), eq(calls.appointmentId, appointmentId)))
      .orderBy(asc(calls.scheduledAt)),
    listAppointmentEmails(db, accountId, appointmentId),
  ]);
  const items: TimelineItem[] = [
    ...callRows.map(
      (call): TimelineItem => ({
        channel: 'call',
        id: call.id,
        kind: call.minutesBefore === null ? 'call' : 'reminder',
        minutesBefore: call.minutesBefore,
        at: call.scheduledAt,
        status: call.status,
        outcome: call.outcome,
        detail: call.failureReason,
      }),
    ),
    ...emails.map(
      (email): TimelineItem => ({
        channel: email.channel === 'sms' ? 'sms' : 'email',
        id: email.id,
        kind: email.kind === 'moved' ? 'moved' : 'reminder',
        minutesBefore: email.kind === 'moved' ? null : email.minutesBefore,
        at: email.sentAt ?? email.sendAt,
        status: email.status,
        outcome: null,
        detail: email.error,
      }),
    ),
  ];
  return items.sort((a, b) => a.at.getTime() - b.at.getTime());
}
