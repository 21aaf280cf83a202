import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

// Contacts and their CSV imports.

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    accountId: accountRef(),
    name: text('name').notNull(),
    /** The first and last names for {{first_name}} and {{last_name}} when the name's words do not tell them. */
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    timezone: text('timezone'),
    consent: text('consent').notNull().default('none'),
    consentAt: timestamp('consent_at', { withTimezone: true, mode: 'date' }),
    consentSource: text('consent_source'),
    /** Who recorded the consent (or the existing-customer mark): a user's e-mail, or "API key …". */
    consentRecordedBy: text('consent_recorded_by'),
    /** An existing customer: reminders and confirmations may go to them without recorded consent. */
    existingCustomer: boolean('existing_customer').notNull().default(false),
    /** Lower-cased name, e-mail, company and phone digits, for substring search. */
    search: text('search').generatedAlwaysAs(
      sql`lower(name || ' ' || email || ' ' || company || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('contacts_account_created_id_idx').on(table.accountId, table.createdAt, table.id),
    uniqueIndex('contacts_account_phone_key').on(table.accountId, table.phone),
    index('contacts_search_trgm_idx').using('gin', sql`${table.search} gin_trgm_ops`),
    index('contacts_tags_idx').using('gin', table.tags),
  ],
);

/** A CSV import of contacts: the file, how to read it, and how far it got. */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: id(),
    accountId: accountRef(),
    status: text('status').notNull().default('queued'),
    fileName: text('file_name').notNull(),
    csv: text('csv').notNull(),
    /** Which CSV column feeds which contact field: {name: 'Full name', phone: 'Mobile', …}. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    duplicates: text('duplicates').notNull().default('skip'),
    /** The consent of rows whose consent cells are empty: none, informational or existing_customer. */
    consentDefault: text('consent_default').notNull().default('none'),
    /** Who started the import (recorded as who recorded the consent it sets). */
    createdBy: text('created_by'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    merged: integer('merged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<Array<{ line: number; reason: string }>>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('contact_imports_account_idx').on(table.accountId, table.createdAt.desc())],
);

export type Contact = typeof contacts.$inferSelect;
export type ContactImport = typeof contactImports.$inferSelect;
