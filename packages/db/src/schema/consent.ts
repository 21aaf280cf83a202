import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.ts';
import { calls } from './calls.ts';
import { createdAt, id } from './columns.ts';
import { contacts } from './contacts.ts';

// Who may be called or texted: the do-not-call list and the record of every grant and revocation of consent.

/** Numbers an account must not call: added by hand, imported, or by the callee opting out on a call. */
export const doNotCall = pgTable(
  'do_not_call',
  {
    id: id(),
    accountId: accountRef(),
    /** E.164 */
    phone: text('phone').notNull(),
    /** added | imported | opted_out | texted_stop | unsubscribed */
    source: text('source').notNull().default('added'),
    note: text('note'),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('do_not_call_account_phone_key').on(table.accountId, table.phone),
    index('do_not_call_account_created_id_idx').on(table.accountId, table.createdAt, table.id),
  ],
);

/**
 * Every grant and revocation of consent, with its provenance (issue #19, decision 030): what a business shows when
 * challenged. Append-only, written by triggers in the statement that changes a contact's consent or the
 * do-not-call list, so that no path (the app, the API, an import, a key pressed on a call, a text) can change
 * one without the other.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: id(),
    accountId: accountRef(),
    contactId: uuid('contact_id').references((): AnyPgColumn => contacts.id, { onDelete: 'set null' }),
    /** E.164 */
    phone: text('phone').notNull(),
    /** granted | revoked */
    action: text('action').notNull(),
    /** informational | marketing | all */
    purpose: text('purpose').notNull(),
    /** call | text | all */
    channel: text('channel').notNull(),
    /** owner | api | import | calendar | keypad | text | email_link */
    method: text('method').notNull(),
    source: text('source'),
    words: text('words'),
    recordedBy: text('recorded_by'),
    callId: uuid('call_id').references((): AnyPgColumn => calls.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index('consent_records_account_created_idx').on(table.accountId, table.createdAt, table.id),
    index('consent_records_contact_idx').on(table.contactId, table.createdAt),
    check('consent_records_action', sql`${table.action} IN ('granted', 'revoked')`),
    check('consent_records_purpose', sql`${table.purpose} IN ('informational', 'marketing', 'all')`),
    check('consent_records_channel', sql`${table.channel} IN ('call', 'text', 'all')`),
  ],
);

export type DoNotCallEntry = typeof doNotCall.$inferSelect;
