import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.ts';
import { appointments } from './appointments.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { contacts } from './contacts.ts';

// The waitlist and the freed slots offered to it (decision 021).

/**
 * Contacts waiting for a time to free up (decision 021): for a service and staff member (null: any), on some
 * weekdays (empty: any) between two local times (null: any). `waiting` until booked from an offer or removed.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    accountId: accountRef(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    service: text('service'),
    staff: text('staff'),
    /** 0 (Sunday) to 6; empty: any day. */
    days: integer('days').array().notNull().default(sql`'{}'::integer[]`),
    /** Local minutes of the day the time may start from / by; null: any. */
    earliestMinute: integer('earliest_minute'),
    latestMinute: integer('latest_minute'),
    notes: text('notes'),
    /** waiting | booked | removed */
    status: text('status').notNull().default('waiting'),
    bookedAppointmentId: uuid('booked_appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('waitlist_entries_account_idx').on(table.accountId, table.status, table.createdAt),
    index('waitlist_entries_contact_idx').on(table.contactId),
    // One waiting entry per contact and wish (service, staff member): a second is refused, not called twice.
    uniqueIndex('waitlist_entries_waiting_key')
      .on(
        table.accountId,
        table.contactId,
        sql`coalesce(${table.service}, '')`,
        sql`coalesce(${table.staff}, '')`,
      )
      .where(sql`status = 'waiting'`),
  ],
);

/**
 * A freed slot offered to the waitlist (decision 021), opened by the database when an appointment holding a slot
 * at least a few hours ahead is cancelled or moved: `open` while its calls go out one after another, then
 * `filled` (booked for the first who pressed 1), `taken` (booked otherwise meanwhile), `expired` (too close to
 * its start) or `exhausted` (nobody else to call).
 */
export const slotOffers = pgTable(
  'slot_offers',
  {
    id: id(),
    accountId: accountRef(),
    freedAppointmentId: uuid('freed_appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'set null',
    }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    staff: text('staff').notNull().default(''),
    service: text('service'),
    status: text('status').notNull().default('open'),
    filledEntryId: uuid('filled_entry_id').references((): AnyPgColumn => waitlistEntries.id, {
      onDelete: 'set null',
    }),
    filledAppointmentId: uuid('filled_appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('slot_offers_freed_key').on(table.freedAppointmentId),
    index('slot_offers_account_idx').on(table.accountId, table.createdAt),
    index('slot_offers_open_idx').on(table.status).where(sql`status = 'open'`),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type SlotOfferRow = typeof slotOffers.$inferSelect;
