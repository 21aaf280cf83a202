import type { Database } from '@callwise/db/client';
import {
  abandonStaleAppointmentEmails,
  appointmentEmailSubject,
  claimDueAppointmentEmail,
  finishAppointmentEmail,
  insertAppointmentEmails,
  type NewAppointmentEmail,
} from '@callwise/db/queries/appointment-emails';
import type { AppointmentEmailRow, AppointmentRow } from '@callwise/db/schema';
import type { BookingSettings, ReminderRule } from '@callwise/shared/schemas/booking';
import { z } from 'zod';
import { crashPoint } from '../../lib/crash-points.ts';
import { defineJob } from '../../lib/queue.ts';
import type { MailProvider } from '../mail/mail.provider.ts';
import { appointmentMovedMail, appointmentReminderMail } from '../mail/mail.templates.ts';
import { bookingSettingsOf, findService } from './booking-settings.ts';
import type { SelfServiceLinks } from './self-service-link.ts';

/**
 * The e-mails of appointments (issue #17, decision 019): reminders by the e-mail rules and the notice that an
 * appointment moved, planned into the `appointment_emails` outbox in the transaction that writes the appointment,
 * and sent by the appointment-emails job, which checks the stop rules again first. At most once.
 */

const MINUTE = 60_000;
/** A row claimed longer ago than this and still `sending`: its sender died (a send takes seconds). */
export const STALE_SENDING_MS = 10 * MINUTE;
/** Tries of a send the mail provider refused, a few minutes apart, then `failed`. */
const MAX_ATTEMPTS = 5;
/** E-mails one run sends at most (the next minute's run goes on). */
const RUN_LIMIT = 500;

/** The statuses whose appointments get reminders: a confirmed one gets none (the stop rule). */
const REMINDED = new Set(['scheduled', 'reschedule_requested']);
/** The statuses a moved appointment's notice still goes out in (the customer may have chosen the new time). */
const MOVED_NOTICE = new Set(['scheduled', 'confirmed', 'reschedule_requested']);

export interface PlannedEmailReminder {
  minutesBefore: number;
  onlyIfUnconfirmed: boolean;
  sendAt: Date;
}

/** The e-mail reminder rules of an appointment: its service's, else the account's. */
function emailRules(settings: BookingSettings, service: string | null): ReminderRule[] {
  const rules = findService(settings, service)?.reminders ?? settings.reminders;
  return rules.filter((rule) => rule.channel === 'email');
}

/**
 * When an appointment's e-mail reminders go out: each e-mail rule of its service (else of the account) at its
 * time before the start, at any hour (an e-mail waits in the inbox; no calling window). One already past is
 * dropped, as is a second rule of the same time; a confirmed (or closed) appointment gets none.
 */
export function planEmailReminders(
  settings: BookingSettings,
  appointment: Pick<AppointmentRow, 'startsAt' | 'service' | 'status'>,
  now: Date,
): PlannedEmailReminder[] {
  if (!REMINDED.has(appointment.status)) return [];
  const planned: PlannedEmailReminder[] = [];
  for (const rule of emailRules(settings, appointment.service)) {
    const sendAt = new Date(appointment.startsAt.getTime() - rule.minutes_before * MINUTE);
    if (sendAt.getTime() < now.getTime()) continue;
    if (planned.some((other) => other.minutesBefore === rule.minutes_before)) continue;
    planned.push({ minutesBefore: rule.minutes_before, onlyIfUnconfirmed: rule.only_if_unconfirmed, sendAt });
  }
  return planned.sort((a, b) => a.sendAt.getTime() - b.sendAt.getTime());
}

export type AppointmentForEmails = Pick<
  AppointmentRow,
  'id' | 'contactId' | 'startsAt' | 'service' | 'status'
> & {
  /** It is the new appointment of a move: its customer is told at once. */
  moved?: boolean;
};

/**
 * Plans the e-mails of many appointments of one account inside the caller's transaction: their reminders and,
 * for a moved one, the notice sent now. Appointments without a contact, or whose contact has no e-mail address,
 * get none. The settings are read once when not given. Answers how many rows were written.
 */
export async function planAppointmentEmails(
  tx: Database,
  accountId: string,
  appointments: AppointmentForEmails[],
  options: { settings?: BookingSettings; now?: Date } = {},
): Promise<number> {
  const withContact = appointments.filter((appointment) => appointment.contactId);
  if (withContact.length === 0) return 0;
  const now = options.now ?? new Date();
  const settings = options.settings ?? (await bookingSettingsOf(tx, accountId)).settings;
  const rows: NewAppointmentEmail[] = [];
  for (const appointment of withContact) {
    const base = {
      appointmentId: appointment.id,
      contactId: appointment.contactId as string,
      startsAt: appointment.startsAt,
    };
    if (appointment.moved && MOVED_NOTICE.has(appointment.status) && appointment.startsAt > now) {
      rows.push({ ...base, kind: 'moved', minutesBefore: 0, onlyIfUnconfirmed: false, sendAt: now });
    }
    for (const reminder of planEmailReminders(settings, appointment, now)) {
      rows.push({ ...base, kind: 'reminder', ...reminder });
    }
  }
  return insertAppointmentEmails(tx, accountId, rows);
}

/** "Tue, Dec 1 at 3:00 PM" in the business's time zone. */
export function formatAppointmentTime(at: Date, timezone: string): string {
  const format = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: timezone, ...options }).format(at);
    } catch {
      return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(at);
    }
  };
  const day = format({ weekday: 'short', month: 'short', day: 'numeric' });
  const time = format({ hour: 'numeric', minute: '2-digit' });
  return `${day} at ${time}`.replace(/\s/g, ' ');
}

type Subject = NonNullable<Awaited<ReturnType<typeof appointmentEmailSubject>>>;

/** Why a claimed e-mail must not go out now (the stop rules, checked at send time), or null: send it. */
export function stopReason(
  row: Pick<AppointmentEmailRow, 'kind' | 'minutesBefore' | 'onlyIfUnconfirmed' | 'startsAt'>,
  subject: Subject | undefined,
  settings: BookingSettings,
  now: Date,
): string | null {
  if (!subject) return 'the appointment is gone';
  const { appointment, contact } = subject;
  if (appointment.status === 'rescheduled') return 'the appointment moved';
  if (appointment.status === 'cancelled') return 'the appointment was cancelled';
  if (row.kind === 'reminder' && appointment.status === 'confirmed') return 'the appointment is confirmed';
  if (!(row.kind === 'moved' ? MOVED_NOTICE : REMINDED).has(appointment.status))
    return `the appointment is ${appointment.status}`;
  if (appointment.startsAt.getTime() !== row.startsAt.getTime())
    return 'the appointment’s time changed since it was planned';
  if (appointment.startsAt.getTime() <= now.getTime()) return 'the appointment has started';
  if (!contact?.email.trim()) return 'the contact has no e-mail address';
  if (
    row.kind === 'reminder' &&
    !emailRules(settings, appointment.service).some((rule) => rule.minutes_before === row.minutesBefore)
  )
    return 'its reminder rule was removed';
  return null;
}

export interface SendRun {
  sent: number;
  skipped: number;
  failed: number;
  /** Rows a dead sender left `sending`, now `unknown` (never sent again). */
  abandoned: number;
}

/**
 * Sends the due e-mails one at a time (decision 019): claim (pending → sending, committed), check the stop rules,
 * hand to the mail provider, mark sent. A crash between claim and mark leaves the row `sending`; a later run marks
 * it `unknown` and never sends it again. A send the provider refuses is tried again a few minutes later.
 */
export class AppointmentEmailSender {
  constructor(
    private readonly deps: {
      db: Database;
      mail: MailProvider;
      links: Pick<SelfServiceLinks, 'url'>;
      log?: { warn: (obj: object, msg: string) => void };
    },
  ) {}

  async sendDue(now = new Date()): Promise<SendRun> {
    const { db } = this.deps;
    const run: SendRun = { sent: 0, skipped: 0, failed: 0, abandoned: 0 };
    const abandoned = await abandonStaleAppointmentEmails(db, new Date(now.getTime() - STALE_SENDING_MS));
    for (const row of abandoned) {
      this.deps.log?.warn(row, 'appointment e-mail left sending by a crash: marked unknown, not sent again');
    }
    run.abandoned = abandoned.length;
    const settingsOf = new Map<string, BookingSettings>();
    for (let count = 0; count < RUN_LIMIT; count++) {
      const row = await claimDueAppointmentEmail(db, now);
      if (!row) break;
      let settings = settingsOf.get(row.accountId);
      if (!settings) {
        settings = (await bookingSettingsOf(db, row.accountId)).settings;
        settingsOf.set(row.accountId, settings);
      }
      const subject = await appointmentEmailSubject(db, row.accountId, row.appointmentId);
      const reason = stopReason(row, subject, settings, now);
      if (reason || !subject?.contact) {
        await finishAppointmentEmail(db, row.id, { status: 'skipped', error: reason ?? 'no contact' });
        run.skipped++;
        continue;
      }
      const { appointment, contact, account } = subject;
      const input = {
        name: contact.firstName?.trim() || contact.name.trim().split(/\s+/)[0] || undefined,
        business: account.name,
        when: formatAppointmentTime(appointment.startsAt, account.timezone),
        service: appointment.service,
        staff: appointment.staff,
        location: appointment.location,
        url: this.deps.links.url(appointment),
      };
      const mail = row.kind === 'moved' ? appointmentMovedMail(input) : appointmentReminderMail(input);
      crashPoint('appointment-email.after-claim');
      try {
        await this.deps.mail.send({ to: contact.email.trim(), ...mail });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (row.attempts >= MAX_ATTEMPTS) {
          await finishAppointmentEmail(db, row.id, { status: 'failed', error: message });
          run.failed++;
        } else {
          const sendAt = new Date(now.getTime() + 2 ** row.attempts * MINUTE);
          await finishAppointmentEmail(db, row.id, { status: 'pending', error: message, sendAt });
        }
        this.deps.log?.warn(
          { id: row.id, error: message },
          'appointment e-mail not accepted by the provider',
        );
        continue;
      }
      await finishAppointmentEmail(db, row.id, { status: 'sent' });
      run.sent++;
    }
    return run;
  }
}

export const APPOINTMENT_EMAILS = 'appointment-emails';

/** Every minute, and at once when a move is planned: sends the appointment e-mails that are due. */
export function appointmentEmailsJob(sender: () => AppointmentEmailSender) {
  return defineJob({
    name: APPOINTMENT_EMAILS,
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    // A run that fails is the next minute's to repeat; a retry would only race it.
    queue: { retryLimit: 0 },
    pollingIntervalSeconds: 1,
    handler: async () => {
      await sender().sendDue();
    },
  });
}
