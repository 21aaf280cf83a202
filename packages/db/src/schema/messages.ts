import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.ts';
import { appointments } from './appointments.ts';
import { calls } from './calls.ts';
import { createdAt, id } from './columns.ts';
import { contacts } from './contacts.ts';

// Text messages, both ways.

/**
 * Text messages, both ways (issue #19, decision 029). An outbound row is also its own outbox entry: written
 * `queued` (in the transaction of what caused it), claimed (`sending`, committed) before the carrier gets it, then
 * `sent` with the carrier's id; a crash in between leaves it `sending`, marked `unknown` later and never sent
 * again. An inbound row is `received`, unique by the carrier's id (a webhook delivered twice is one text).
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    accountId: accountRef(),
    /** outbound | inbound */
    direction: text('direction').notNull(),
    /** manual | keyword_reply | call_follow_up | missed_call | reminder | reply */
    kind: text('kind').notNull(),
    /** queued | sending | sent | delivered | undelivered | failed | unknown | skipped | received */
    status: text('status').notNull(),
    /** The other party, E.164. */
    phone: text('phone').notNull(),
    /** The business number it went from or came to (null until an outbound one is sent). */
    businessNumber: text('business_number'),
    contactId: uuid('contact_id').references((): AnyPgColumn => contacts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    segments: integer('segments').notNull(),
    /** GSM-7 | UCS-2 */
    encoding: text('encoding').notNull(),
    cost: numeric('cost', { precision: 12, scale: 4, mode: 'number' }),
    error: text('error'),
    callId: uuid('call_id').references((): AnyPgColumn => calls.id, { onDelete: 'set null' }),
    appointmentId: uuid('appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'set null',
    }),
    /** The carrier's id (Twilio's MessageSid). */
    providerMessageId: text('provider_message_id'),
    /** One text per cause: e.g. `missed:<phone>:<day>` (one text-back a day), `follow-up:<call id>`. */
    dedupeKey: text('dedupe_key'),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_account_created_idx').on(table.accountId, table.createdAt, table.id),
    index('messages_account_phone_idx').on(table.accountId, table.phone, table.createdAt),
    uniqueIndex('messages_provider_key').on(table.providerMessageId),
    uniqueIndex('messages_dedupe_key').on(table.accountId, table.dedupeKey),
    index('messages_due_idx').on(table.sendAt).where(sql`status = 'queued'`),
    index('messages_sending_idx').on(table.claimedAt).where(sql`status = 'sending'`),
    check('messages_direction', sql`${table.direction} IN ('outbound', 'inbound')`),
    check(
      'messages_kind',
      sql`${table.kind} IN ('manual', 'keyword_reply', 'call_follow_up', 'missed_call', 'reminder', 'reply')`,
    ),
    check(
      'messages_status',
      sql`${table.status} IN ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'unknown', 'skipped', 'received')`,
    ),
    check('messages_encoding', sql`${table.encoding} IN ('GSM-7', 'UCS-2')`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
