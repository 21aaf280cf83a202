import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

// Signing in: sessions, refresh and one-time tokens, second factors, API keys, idempotency keys and rate limits.

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
    /**
     * Authenticator assurance level (GoTrue's `aal`): aal1 after a password or an e-mail link, aal2 once a second
     * factor (a TOTP code or a recovery code) was verified in this session. Kept across refreshes.
     */
    aal: text('aal').$type<'aal1' | 'aal2'>().notNull().default('aal1'),
    /** The second factor verified in this session (`totp` or `recovery_code`) and when: the token's `amr`. */
    secondFactorMethod: text('second_factor_method'),
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/**
 * A user's second factors (GoTrue's `mfa_factors`): TOTP authenticator apps. Unverified until a first code is
 * verified; the secret is sealed (SecretBox) and never shown again after enrolment.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    accountId: accountRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text('friendly_name').notNull(),
    factorType: text('factor_type').$type<'totp'>().notNull().default('totp'),
    status: text('status').$type<'unverified' | 'verified'>().notNull().default('unverified'),
    /** The TOTP secret (base32), sealed. */
    secret: text('secret').notNull(),
    /** The last 30-second time step a code was accepted for: a code works once. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('mfa_factors_user_name_key').on(table.userId, table.friendlyName)],
);

/** A challenge of a factor (GoTrue's `mfa_challenges`): verified once, within five minutes, from the same address. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    accountId: accountRef(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('mfa_challenges_factor_idx').on(table.factorId)],
);

/** One-use recovery codes of a user with a second factor, stored hashed (SHA-256: they are random). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('mfa_recovery_codes_user_hash_key').on(table.userId, table.codeHash)],
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

export type MfaFactor = typeof mfaFactors.$inferSelect;
export type AuthSession = typeof authSessions.$inferSelect;
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
