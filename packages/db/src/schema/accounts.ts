import type { Role } from '@callwise/shared/roles';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

// Accounts (a business) and their people: users, invitations, and the audit log.

/** The owning account: deleting the account deletes the row. */
export const accountRef = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/** A business: every other row belongs to exactly one account. */
export const accounts = pgTable('accounts', {
  id: id(),
  name: text('name').notNull(),
  /** Every member must sign in with a second factor (set by an owner, decision 035). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  plan: text('plan').notNull().default('trial'),
  defaultCountry: text('default_country').notNull().default('US'),
  timezone: text('timezone').notNull().default('America/New_York'),
  callingWindowStart: text('calling_window_start').notNull().default('08:00'),
  callingWindowEnd: text('calling_window_end').notNull().default('21:00'),
  /** Calls per contact per day, across every source. */
  dailyCallCap: integer('daily_call_cap').notNull().default(2),
  /** Opens every call; must keep {{business_name}}. */
  disclosure: text('disclosure').notNull().default('This is an automated call from {{business_name}}.'),
  /**
   * Texts after calls (decision 029): the call types whose outbound call that reached nobody (no answer or busy
   * after every attempt) or a voicemail is followed by a text, and that text; whether an inbound call nobody
   * took is answered by a text (at most one a day per caller), and that text. Both with {{first_name}},
   * {{name}} and {{business_name}}.
   */
  followUpTextCallTypes: text('follow_up_text_call_types')
    .array()
    .notNull()
    .default(sql`'{appointment-reminder}'::text[]`),
  followUpText: text('follow_up_text')
    .notNull()
    .default(
      'Hi {{first_name}}, {{business_name}} tried to call you. Reply C to confirm your appointment, R to pick a new time.',
    ),
  missedCallTextBack: boolean('missed_call_text_back').notNull().default(true),
  missedCallText: text('missed_call_text')
    .notNull()
    .default(
      'Sorry we missed your call to {{business_name}}. Reply here and we will get back to you, or call us again.',
    ),
  /** Stops new calls once this month's charges would pass it (USD; null: no cap). */
  monthlyBudgetUsd: numeric('monthly_budget_usd', { precision: 12, scale: 2, mode: 'number' }),
  /** The account's customer at Stripe (decision 036), once it has been to checkout; null with local billing. */
  stripeCustomerId: text('stripe_customer_id'),
  /** Its subscription at Stripe while it has one (a paid plan bought through checkout). */
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** ok, or past_due: the last payment failed, and calls are held (not dispatched, none created) until it is paid. */
  paymentStatus: text('payment_status').notNull().default('ok'),
  /** Signs webhook deliveries (Standard Webhooks, `whsec_…`); made on first use. */
  webhookSecret: text('webhook_secret'),
  /** Where the account's own events (appointment.*) are posted; null: nowhere (decision 018). */
  webhookUrl: text('webhook_url'),
  /** The secret before the last rotation: deliveries are signed with it too for a day after the rotation. */
  webhookSecretPrevious: text('webhook_secret_previous'),
  /** When the secret was last rotated (null: never). */
  webhookSecretRotatedAt: timestamp('webhook_secret_rotated_at', { withTimezone: true, mode: 'date' }),
  /** When the current plan started: its billing month runs from this day of the month. */
  planStartedAt: timestamp('plan_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** When the business details and time zone were first saved (the first-run checklist's first step). */
  profileSavedAt: timestamp('profile_saved_at', { withTimezone: true, mode: 'date' }),
  /** When someone hid the dashboard's first-run checklist (null: shown until every step is done). */
  checklistHiddenAt: timestamp('checklist_hidden_at', { withTimezone: true, mode: 'date' }),
  /**
   * The number callers call (E.164, decision 026): one of the Twilio account's numbers assigned in Settings, or a
   * fictional one the simulated carrier assigns on first use. Unique: an incoming call names its account by it.
   */
  businessNumber: text('business_number').unique('accounts_business_number_key'),
  /** Twilio's id of the business number (IncomingPhoneNumber SID), when Twilio carries it. */
  businessNumberSid: text('business_number_sid'),
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
    /** The user's own phone number (E.164), where their test calls go (Settings → Profile). */
    phoneNumber: text('phone_number'),
    /** Their role in the account (decision 035): owner, admin or staff. The one who signs up is its owner. */
    role: text('role').$type<Role>().notNull().default('owner'),
    notificationSettings: jsonb('notification_settings')
      .$type<{
        emailNotifications: boolean;
        callSummaries: boolean;
        failureAlerts: boolean;
        /** Absent in rows written before issue #18: on. */
        messageAlerts?: boolean;
      }>()
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

/**
 * The account's audit log: who did what and when (sign-ins, security changes, keys, plan, calling rules,
 * deletions, exports). Written with the answer of the request that did it; kept a year (AUDIT_RETENTION_DAYS).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    accountId: accountRef(),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    actorType: text('actor_type').$type<'user' | 'api_key' | 'provider'>().notNull(),
    /** The user or the API key (no reference: the log outlives them). */
    actorId: uuid('actor_id'),
    /** The user's e-mail address or the key's name, as they were then. */
    actor: text('actor').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_account_idx').on(table.accountId, table.createdAt.desc(), table.id.desc()),
    index('audit_events_account_action_idx').on(
      table.accountId,
      table.action,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('audit_events_created_idx').on(table.createdAt),
  ],
);

/**
 * Invitations to join an account (decision 035): the link's token is stored hashed; a pending invitation is one
 * not accepted or revoked, and its link works until `expiresAt`. Resending replaces the token.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    accountId: accountRef(),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who invited, as they were then (the inviter may leave). */
    invitedByEmail: text('invited_by_email').notNull(),
    invitedByName: text('invited_by_name').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invitations_token_key').on(table.tokenHash),
    uniqueIndex('invitations_pending_email_key')
      .on(table.accountId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} IS NULL AND ${table.revokedAt} IS NULL`),
    index('invitations_account_idx').on(table.accountId, table.createdAt),
  ],
);

export type Account = typeof accounts.$inferSelect;
export type User = typeof users.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
