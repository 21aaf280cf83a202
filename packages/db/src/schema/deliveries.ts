import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.ts';
import { appointments } from './appointments.ts';
import { calls } from './calls.ts';
import { createdAt, id } from './columns.ts';

// What the product sends out: webhook deliveries and the local mailbox.

/**
 * An event to post, written by a trigger in the statement that makes it: a status change of a call, to its
 * callback_url; or a change of an appointment, to the account's webhook URL (decision 018).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    accountId: accountRef(),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'cascade',
    }),
    url: text('url').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending | delivered | failed (gave up) */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_call_idx').on(table.callId, table.createdAt),
    index('webhook_deliveries_appointment_idx')
      .on(table.appointmentId, table.createdAt)
      .where(sql`appointment_id IS NOT NULL`),
    check('webhook_deliveries_subject', sql`(call_id IS NULL) <> (appointment_id IS NULL)`),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`state = 'pending'`),
  ],
);

/** The local mailbox: every e-mail the product sends when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt.desc())],
);

export type MailMessage = typeof mailOutbox.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
