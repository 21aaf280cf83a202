import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.ts';
import { calendarConnections } from './calendars.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { contacts } from './contacts.ts';

// Appointments, the e-mails about them, and their changes written back to the calendar they came from.

/**
 * An appointment with a contact (issue #17, decision 014). Two that hold their slot (scheduled, confirmed,
 * reschedule requested) of one staff member ('' for the business as a whole) never overlap: an exclusion
 * constraint written by hand in migration 0019 (`appointments_no_overlap`, btree_gist), on both engines.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    accountId: accountRef(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    service: text('service'),
    /** The staff member or resource; '' for the business as a whole. */
    staff: text('staff').notNull().default(''),
    location: text('location'),
    notes: text('notes'),
    source: text('source').notNull().default('manual'),
    externalId: text('external_id'),
    status: text('status').notNull().default('scheduled'),
    rescheduledToId: uuid('rescheduled_to_id'),
    rescheduledFromId: uuid('rescheduled_from_id'),
    /**
     * The calendar connection it came from (decision 022): its cancellations and moves here are written back to
     * that calendar when it can be written to. Null for appointments made here or from an uploaded file.
     */
    calendarConnectionId: uuid('calendar_connection_id').references(
      (): AnyPgColumn => calendarConnections.id,
      { onDelete: 'set null' },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('appointments_account_starts_idx').on(table.accountId, table.startsAt, table.id),
    index('appointments_contact_idx').on(table.contactId),
    uniqueIndex('appointments_external_key')
      .on(table.accountId, table.source, table.externalId)
      .where(sql`${table.externalId} IS NOT NULL`),
    check('appointments_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * The e-mails of appointments (issue #17, decision 019), an outbox written in the transaction that creates, moves
 * or corrects the appointment: its reminders (by the e-mail rules, at `send_at`) and the notice that it moved.
 * Sent by the appointment-emails job, which checks the appointment again first. At most once: a row is `sending`
 * from its claim until the provider took it, and one a crash left there is never sent again (`unknown`).
 */
export const appointmentEmails = pgTable(
  'appointment_emails',
  {
    id: id(),
    accountId: accountRef(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references((): AnyPgColumn => appointments.id, { onDelete: 'cascade' }),
    /** reminder | moved */
    kind: text('kind').notNull(),
    /** email | sms (a text reminder, written to `messages` when sent); a `moved` notice is e-mail only. */
    channel: text('channel').notNull().default('email'),
    /** The reminder rule's time before the start; 0 for a `moved` notice. */
    minutesBefore: integer('minutes_before').notNull(),
    onlyIfUnconfirmed: boolean('only_if_unconfirmed').notNull().default(false),
    /** The appointment's start it was planned for: a different start by now stops it. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** pending | sending | sent | skipped | failed | unknown (a crash while sending: never sent again) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Why it was skipped or failed, in words. */
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('appointment_emails_key').on(
      table.appointmentId,
      table.kind,
      table.channel,
      table.minutesBefore,
      table.startsAt,
    ),
    index('appointment_emails_account_idx').on(table.accountId, table.createdAt),
    index('appointment_emails_due_idx').on(table.sendAt).where(sql`status = 'pending'`),
    index('appointment_emails_sending_idx').on(table.claimedAt).where(sql`status = 'sending'`),
    check('appointment_emails_kind', sql`${table.kind} IN ('reminder', 'moved')`),
    check('appointment_emails_channel', sql`${table.channel} IN ('email', 'sms')`),
    check(
      'appointment_emails_status',
      sql`${table.status} IN ('pending', 'sending', 'sent', 'skipped', 'failed', 'unknown')`,
    ),
  ],
);

/**
 * Changes made here to appointments that came from a calendar, to write back to it (decision 022): an outbox row
 * written by a trigger in the statement that cancels or moves the appointment (whatever the path), unless the
 * change came from the calendar itself. Sent by the calendar-writebacks job, at most once: `sending` from its
 * claim until the calendar answered, and one a crash left there is never sent again (`unknown`).
 */
export const calendarWritebacks = pgTable(
  'calendar_writebacks',
  {
    id: id(),
    accountId: accountRef(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references((): AnyPgColumn => appointments.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references((): AnyPgColumn => calendarConnections.id, { onDelete: 'cascade' }),
    /** cancel | reschedule (to where the appointment was moved: its rescheduled_to_id) | confirm (Google only). */
    action: text('action').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** pending | sending | done | skipped | failed | unknown (a crash while sending: never sent again) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    /** Why it was skipped or failed, in words. */
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('calendar_writebacks_key').on(table.appointmentId, table.action),
    index('calendar_writebacks_account_idx').on(table.accountId, table.createdAt),
    index('calendar_writebacks_due_idx').on(table.sendAt).where(sql`status = 'pending'`),
    index('calendar_writebacks_sending_idx').on(table.claimedAt).where(sql`status = 'sending'`),
    check('calendar_writebacks_action', sql`${table.action} IN ('cancel', 'reschedule', 'confirm')`),
    check(
      'calendar_writebacks_status',
      sql`${table.status} IN ('pending', 'sending', 'done', 'skipped', 'failed', 'unknown')`,
    ),
  ],
);

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentEmailRow = typeof appointmentEmails.$inferSelect;
export type CalendarWritebackRow = typeof calendarWritebacks.$inferSelect;
