import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Lists are read newest first (ORDER BY created_at DESC, id DESC): btree indexes on (…, created_at, id) in
// ascending order serve that by scanning backwards. (An index declared "DESC NULLS LAST" cannot.)
const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const accountRef = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/** A business: every other row belongs to exactly one account. */
export const accounts = pgTable('accounts', {
  id: id(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('trial'),
  defaultCountry: text('default_country').notNull().default('US'),
  timezone: text('timezone').notNull().default('America/New_York'),
  callingWindowStart: text('calling_window_start').notNull().default('08:00'),
  callingWindowEnd: text('calling_window_end').notNull().default('21:00'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    accountId: accountRef(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /** A new address waiting for confirmation. */
    emailChange: text('email_change'),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    notificationSettings: jsonb('notification_settings')
      .$type<{ emailNotifications: boolean; callSummaries: boolean; failureAlerts: boolean }>()
      .notNull()
      .default({ emailNotifications: true, callSummaries: true, failureAlerts: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    index('users_account_idx').on(table.accountId),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    accountId: accountRef(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    timezone: text('timezone'),
    consent: text('consent').notNull().default('none'),
    consentAt: timestamp('consent_at', { withTimezone: true, mode: 'date' }),
    consentSource: text('consent_source'),
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

export const scripts = pgTable(
  'scripts',
  {
    id: id(),
    accountId: accountRef(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull().default('general'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('scripts_account_created_id_idx').on(table.accountId, table.createdAt, table.id)],
);

/** A call: scheduled, placed, answered and reported. This table is the call history. */
export const calls = pgTable(
  'calls',
  {
    id: id(),
    accountId: accountRef(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    scriptId: uuid('script_id').references(() => scripts.id, { onDelete: 'set null' }),
    recipientName: text('recipient_name').notNull(),
    phone: text('phone').notNull(),
    callType: text('call_type').notNull().default('custom'),
    message: text('message').notNull(),
    voice: text('voice').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: text('status').notNull().default('scheduled'),
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    duration: integer('duration'),
    cost: numeric('cost', { precision: 12, scale: 4, mode: 'number' }),
    recordingUrl: text('recording_url'),
    transcript: jsonb('transcript').$type<Array<{ speaker: 'ai' | 'callee'; text: string; at: number }>>(),
    callbackUrl: text('callback_url'),
    estimatedDuration: integer('estimated_duration'),
    providerCallId: text('provider_call_id'),
    /** A dispatcher holds the call until then while it hands it to the carrier; expired claims are taken over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    /** When the carrier accepted the current attempt. */
    placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }),
    /** human or machine, when the carrier knows. */
    answeredBy: text('answered_by'),
    /** Why the call failed, in words, when it did. */
    failureReason: text('failure_reason'),
    /** The recording in file storage; recording_url is derived from it. */
    recordingKey: text('recording_key'),
    recordingCreatedAt: timestamp('recording_created_at', { withTimezone: true, mode: 'date' }),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** Lower-cased recipient name and phone digits, for substring search. */
    search: text('search').generatedAlwaysAs(
      sql`lower(recipient_name || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('calls_account_created_id_idx').on(table.accountId, table.createdAt, table.id),
    index('calls_account_status_created_id_idx').on(table.accountId, table.status, table.createdAt, table.id),
    index('calls_search_trgm_idx').using('gin', sql`${table.search} gin_trgm_ops`),
    // The dispatcher's work: due calls not yet handed to the carrier.
    index('calls_dispatch_idx')
      .on(table.scheduledAt)
      .where(sql`provider_call_id IS NULL AND status IN ('scheduled', 'queued')`),
    index('calls_provider_call_idx').on(table.providerCallId),
    index('calls_recording_created_idx').on(table.recordingCreatedAt).where(sql`recording_key IS NOT NULL`),
  ],
);

/**
 * The simulated carrier's own ledger: one row per call it accepted (keyed by our idempotency key, so a
 * repeated request never rings a phone twice), with a lease so that one worker at a time drives the call.
 */
export const simulatorCalls = pgTable(
  'simulator_calls',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    callId: uuid('call_id').notNull(),
    toNumber: text('to_number').notNull(),
    behaviour: text('behaviour').notNull(),
    /** How many times the callee's phone rang for this call: the exactly-once evidence. */
    rings: integer('rings').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('simulator_calls_idempotency_key').on(table.idempotencyKey),
    index('simulator_calls_unfinished_idx').on(table.leaseUntil).where(sql`finished_at IS NULL`),
  ],
);

/** A signed-in device: a family of refresh tokens. Deleting it signs that device out. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the session began: password, signup (e-mail verified), recovery, email_change. */
    method: text('method').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Opaque refresh tokens, stored hashed, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    revoked: boolean('revoked').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

/** Links sent by e-mail (verify sign-up, reset password, confirm a new address), stored hashed, used once. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to (for email_change, the new address). */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('one_time_tokens_hash_key').on(table.tokenHash),
    index('one_time_tokens_user_idx').on(table.userId),
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

/** Fixed-window counters shared by every process (rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Keys for the public API. Only a SHA-256 hash of the key is stored (the key has ~238 random bits, so a fast
 * hash is enough); `prefix` keeps its first characters to tell keys apart. Revoked keys stay for the record.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    accountId: accountRef(),
    /** Who created it (null once that user is deleted). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('api_keys_hash_key').on(table.keyHash),
    index('api_keys_account_created_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * `Idempotency-Key`s of POST requests (per account), with the first answer to replay, kept 24 hours. A row
 * without a response belongs to a request still running (until `locked_until`, after which it is taken over).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: accountRef(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);

export type Account = typeof accounts.$inferSelect;
export type User = typeof users.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type Script = typeof scripts.$inferSelect;
export type Call = typeof calls.$inferSelect;
export type AuthSession = typeof authSessions.$inferSelect;
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;
export type MailMessage = typeof mailOutbox.$inferSelect;
export type ContactImport = typeof contactImports.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
