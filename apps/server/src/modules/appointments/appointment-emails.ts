import type { Database } from '@callwise/db/client';
import {
  abandonStaleAppointmentEmails,
  appointmentEmailSubject,
  claimDueAppointmentEmail,
  finishAppointmentEmail,
  insertAppointmentEmails,
  type NewAppointmentEmail,
} from '@callwise/db/queries/appointment-emails';
import { insertOutboundMessages } from '@callwise/db/queries/messages';
import type { AppointmentEmailRow, AppointmentRow } from '@callwise/db/schema';
import type { BookingSettings, ReminderRule } from '@callwise/shared/schemas/booking';
import { smsSize } from '@callwise/shared/sms';
import { crashPoint } from '../../infra/crash-points.ts';
import { everyMinuteJob } from '../../infra/queue.ts';
import type { MailProvider } from '../mail/mail.provider.ts';
import { appointmentMovedMail, appointmentReminderMail } from '../mail/mail.templates.ts';
import { bookingSettingsOf, findService } from './booking-settings.ts';
import type { SelfServiceLinks } from './self-service-link.ts';

/**
 * The e-mails of appointments (issue #17, decision 019): reminders by the e-mail rules and the notice that an
 * appointment moved, planned into the `appointment_emails` outbox in the transaction that writes the appointment,
 * and sent by the appointment-emails job, which checks the stop rules again first. At most once.
 * Text reminders (the sms rules) are planned and stopped the same way, in the same outbox (`channel: 'sms'`); when
 * due, the job writes the text to the `messages` outbox (kind `reminder`, marked sent in the same transaction) and
 * the message sender sends it.
 */

const MINUTE = 60_000;
/** A row claimed longer ago than this and still `sending`: its sender died (a send takes seconds). */
export const STALE_SENDING_MS = 10 * MINUTE;
/** Tries of a send the mail provider refused, a few minutes apart, then `failed`. */
const MAX_ATTEMPTS = 5;
/** E-mails one run sends at most (the next minute's run goes on). */
const RUN_LIMIT = 500;

/** The statuses whose appointments get reminders: a confirmed one gets none (the issue's stop rule). */
const REMINDED = new Set(['scheduled', 'reschedule_requested']);
/** The statuses a moved appointment's notice still goes out in (the customer may have chosen the new time). */
const MOVED_NOTICE = new Set(['scheduled', 'confirmed', 'reschedule_requested']);

/** The channels the outbox plans reminders for: e-mails and texts (calls are planned as calls, decision 015). */
export type PlannedChannel = 'email' | 'sms';

export interface PlannedEmailReminder {
  channel: PlannedChannel;
  minutesBefore: number;
  onlyIfUnconfirmed: boolean;
  sendAt: Date;
}

/** The e-mail (or text) reminder rules of an appointment: its service's, else the account's. */
function channelRules(
  settings: BookingSettings,
  service: string | null,
  channel: PlannedChannel = 'email',
): ReminderRule[] {
  const rules = findService(settings, service)?.reminders ?? settings.reminders;
  return rules.filter((rule) => rule.channel === channel);
}

/**
 * When an appointment's e-mail and text reminders go out: each e-mail or sms rule of its service (else of the
 * account) at its time before the start, at any hour (an e-mail waits in the inbox; a text is held to the calling
 * window by the message sender). One already past is dropped, as is a second rule of the same channel and time; a
 * confirmed (or closed) appointment gets none.
 */
export function planEmailReminders(
  settings: BookingSettings,
  appointment: Pick<AppointmentRow, 'startsAt' | 'service' | 'status'>,
  now: Date,
): PlannedEmailReminder[] {
  if (!REMINDED.has(appointment.status)) return [];
  const planned: PlannedEmailReminder[] = [];
  for (const channel of ['email', 'sms'] as const) {
    for (const rule of channelRules(settings, appointment.service, channel)) {
      const sendAt = new Date(appointment.startsAt.getTime() - rule.minutes_before * MINUTE);
      if (sendAt.getTime() < now.getTime()) continue;
      if (planned.some((other) => other.channel === channel && other.minutesBefore === rule.minutes_before))
        continue;
      planned.push({
        channel,
        minutesBefore: rule.minutes_before,
        onlyIfUnconfirmed: rule.only_if_unconfirmed,
        sendAt,
      });
    }
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
 * Plans the e-mails of many appointments of one account inside the caller's transaction: their reminders (e-mail
 * and text) and, for a moved one, the notice sent now (e-mail). Appointments without a contact get none; a contact
 * without an e-mail address gets only the texts. The settings are read once when not given. Answers how many rows
 * were written.
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
      rows.push({
        ...base,
        kind: 'moved',
        channel: 'email',
        minutesBefore: 0,
        onlyIfUnconfirmed: false,
        sendAt: now,
      });
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

/** A text reminder: "Business: reminder of your appointment on Tue, Dec 1 at 3:00 PM (Cleaning). Reply C…". */
export function reminderText(input: { business: string; when: string; service: string | null }): string {
  const { business, when, service } = input;
  return `${business}: reminder of your appointment on ${when}${service ? ` (${service})` : ''}. Reply C to confirm, R to pick a new time.`;
}

type Subject = NonNullable<Awaited<ReturnType<typeof appointmentEmailSubject>>>;

/** Why a claimed e-mail must not go out now (the stop rules, checked at send time), or null: send it. */
export function stopReason(
  row: Pick<AppointmentEmailRow, 'kind' | 'minutesBefore' | 'onlyIfUnconfirmed' | 'startsAt'> &
    Partial<Pick<AppointmentEmailRow, 'channel'>>,
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
  // A revocation on any channel (9 on a call, STOP, the e-mail's unsubscribe link) stops e-mails too.
  if (contact?.optedOut) return 'the person opted out of messages';
  const channel: PlannedChannel = row.channel === 'sms' ? 'sms' : 'email';
  if (channel === 'email' && !contact?.email.trim()) return 'the contact has no e-mail address';
  if (channel === 'sms' && !contact?.phone.trim())
    return contact ? 'the contact has no phone number' : 'the appointment has no contact';
  if (
    row.kind === 'reminder' &&
    !channelRules(settings, appointment.service, channel).some(
      (rule) => rule.minutes_before === row.minutesBefore,
    )
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
      /** The unsubscribe link of a contact's e-mails (decision 030). */
      unsubscribeUrl?: (contactId: string) => string;
      /** Text reminders were written to the messages outbox: the message sender looks now. */
      onMessagesDue?: () => void;
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
    let texts = 0;
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
      /** A send that failed: tried again 2, 4, 8, 16 minutes later, then `failed`. */
      const retryLater = async (error: unknown, what: string) => {
        const message = error instanceof Error ? error.message : String(error);
        if (row.attempts >= MAX_ATTEMPTS) {
          await finishAppointmentEmail(db, row.id, { status: 'failed', error: message });
          run.failed++;
        } else {
          const sendAt = new Date(now.getTime() + 2 ** row.attempts * MINUTE);
          await finishAppointmentEmail(db, row.id, { status: 'pending', error: message, sendAt });
        }
        this.deps.log?.warn({ id: row.id, error: message }, what);
      };
      if (row.channel === 'sms') {
        crashPoint('appointment-email.after-claim');
        // The text and the row's `sent` in one transaction: a crash leaves neither or both (a row left `sending`
        // wrote no text, and is planned again), and the dedupe key keeps a repeat from writing the text twice.
        // The message sender sends it (at most once).
        try {
          await db.transaction(async (tx) => {
            const body = reminderText({
              business: account.name,
              when: formatAppointmentTime(appointment.startsAt, account.timezone),
              service: appointment.service,
            });
            const size = smsSize(body);
            await insertOutboundMessages(tx, [
              {
                accountId: row.accountId,
                kind: 'reminder',
                phone: contact.phone.trim(),
                contactId: appointment.contactId,
                appointmentId: appointment.id,
                body,
                segments: size.segments,
                encoding: size.encoding,
                dedupeKey: `reminder:${row.id}`,
              },
            ]);
            await finishAppointmentEmail(tx, row.id, { status: 'sent' });
          });
        } catch (error) {
          await retryLater(error, 'text reminder not written');
          continue;
        }
        run.sent++;
        texts++;
        continue;
      }
      const input = {
        name: contact.firstName?.trim() || contact.name.trim().split(/\s+/)[0] || undefined,
        business: account.name,
        when: formatAppointmentTime(appointment.startsAt, account.timezone),
        service: appointment.service,
        staff: appointment.staff,
        location: appointment.location,
        url: this.deps.links.url(appointment),
        ...(this.deps.unsubscribeUrl && appointment.contactId
          ? { unsubscribeUrl: this.deps.unsubscribeUrl(appointment.contactId) }
          : {}),
      };
      const mail = row.kind === 'moved' ? appointmentMovedMail(input) : appointmentReminderMail(input);
      crashPoint('appointment-email.after-claim');
      try {
        await this.deps.mail.send({ to: contact.email.trim(), ...mail });
      } catch (error) {
        await retryLater(error, 'appointment e-mail not accepted by the provider');
        continue;
      }
      await finishAppointmentEmail(db, row.id, { status: 'sent' });
      run.sent++;
    }
    if (texts > 0) this.deps.onMessagesDue?.();
    return run;
  }
}

export const APPOINTMENT_EMAILS = 'appointment-emails';

/** Every minute, and at once when a move is planned: sends the appointment e-mails that are due. */
export function appointmentEmailsJob(sender: () => AppointmentEmailSender) {
  return everyMinuteJob(APPOINTMENT_EMAILS, () => sender().sendDue());
}
