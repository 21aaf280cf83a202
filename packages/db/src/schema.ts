import type { CallDialogue } from '@callwise/shared/call-dialogue';
import type { Role } from '@callwise/shared/roles';
import type { AssistantSettings } from '@callwise/shared/schemas/assistant';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
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
    /** outbound: placed by the business; inbound: a caller called the business number (decision 026). */
    direction: text('direction').notNull().default('outbound'),
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
    /** The time asked for, when the calling window moved the call later (scheduled_at is when it goes out). */
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }),
    /** The recipient's time zone (contact's, else from the number): the calling window is in it. */
    timezone: text('timezone'),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The appointment the call is about: the callee's answer is written back to it (decision 014). */
    appointmentId: uuid('appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'set null',
    }),
    /** A reminder of its appointment: how long before it the rule sends it (decision 015); null for other calls. */
    reminderMinutesBefore: integer('reminder_minutes_before'),
    /**
     * Where a conversation of several turns stands (the times offered to move an appointment, decision 017), so
     * that any worker can take the next turn; null for a call of one answer.
     */
    dialogue: jsonb('dialogue').$type<CallDialogue>(),
    /** A call offering a freed slot to someone on the waitlist (decision 021): pressing 1 books it. */
    slotOfferId: uuid('slot_offer_id').references((): AnyPgColumn => slotOffers.id, { onDelete: 'set null' }),
    /** What this call costs beyond the plan's allowance (USD), charged when it is created. */
    overageUsd: numeric('overage_usd', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
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
    /**
     * When the e-mail about the message a caller left (or the call back they asked for) was claimed for sending
     * (decision 026): at most once per call.
     */
    messageAlertedAt: timestamp('message_alerted_at', { withTimezone: true, mode: 'date' }),
    /** When the owner marked a call that needs attention as handled (it leaves the Needs attention view). */
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    /** Who marked it handled. */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
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
    /** Calls that ended lately: the texts after calls read them every minute (decision 029). */
    index('calls_ended_at_idx').on(table.endedAt).where(sql`ended_at IS NOT NULL`),
    // Messages and call-back requests whose e-mail has not gone out yet (decision 026).
    index('calls_message_alert_idx')
      .on(table.updatedAt)
      .where(sql`message_alerted_at IS NULL AND outcome IN ('message_taken', 'callback_requested')`),
    // The calls people made to the business (a filter of the history).
    index('calls_account_inbound_idx')
      .on(table.accountId, table.createdAt, table.id)
      .where(sql`direction = 'inbound'`),
    index('calls_account_status_created_id_idx').on(table.accountId, table.status, table.createdAt, table.id),
    index('calls_search_trgm_idx').using('gin', sql`${table.search} gin_trgm_ops`),
    // The dispatcher's work: due calls not yet handed to the carrier.
    index('calls_dispatch_idx')
      .on(table.scheduledAt)
      .where(sql`provider_call_id IS NULL AND status IN ('scheduled', 'queued')`),
    index('calls_provider_call_idx').on(table.providerCallId),
    index('calls_recording_created_idx').on(table.recordingCreatedAt).where(sql`recording_key IS NOT NULL`),
    index('calls_account_phone_scheduled_idx').on(table.accountId, table.phone, table.scheduledAt),
    index('calls_campaign_idx').on(table.campaignId).where(sql`campaign_id IS NOT NULL`),
    index('calls_appointment_idx').on(table.appointmentId).where(sql`appointment_id IS NOT NULL`),
    // Calls holding a line at a carrier: counted before each batch (concurrency) and looked up when quiet.
    index('calls_live_carrier_idx')
      .on(table.updatedAt)
      .where(sql`provider_call_id IS NOT NULL AND status IN ('queued', 'ringing', 'in-progress')`),
  ],
);

/** One try of a call at the carrier: written when an attempt ends, so retries show each one. */
export const callAttempts = pgTable(
  'call_attempts',
  {
    id: id(),
    accountId: accountRef(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    status: text('status').notNull(),
    providerCallId: text('provider_call_id'),
    answeredBy: text('answered_by'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    duration: integer('duration'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('call_attempts_call_attempt_key').on(table.callId, table.attempt)],
);

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

/** One script to many contacts, placed at once or spread over a window at a pace. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    accountId: accountRef(),
    name: text('name').notNull(),
    scriptId: uuid('script_id').references(() => scripts.id, { onDelete: 'set null' }),
    callType: text('call_type').notNull().default('custom'),
    voice: text('voice').notNull(),
    /** active | paused | canceled (progress and completion come from its calls) */
    status: text('status').notNull().default('active'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Calls per hour when spread; null: all at the start. */
    pacePerHour: integer('pace_per_hour'),
    /** How many contacts were asked for, and how many were skipped (with reasons in `skipped`). */
    requested: integer('requested').notNull().default(0),
    skipped: jsonb('skipped')
      .$type<
        Array<{
          contact_id: string | null;
          phone: string | null;
          reason: string;
          message: string;
          rule?: string;
        }>
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('campaigns_account_created_id_idx').on(table.accountId, table.createdAt, table.id)],
);

/** Money: plan charges, calls beyond the allowance and their refunds, as the billing provider recorded them. */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: id(),
    accountId: accountRef(),
    /** subscription | overage | refund */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    amountUsd: numeric('amount_usd', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
    /** The billing provider's reference (local-…, or the vendor's invoice id). */
    providerRef: text('provider_ref'),
    /** When an overage or its refund was reported to Stripe as metered usage (null: not yet, or local billing). */
    usageReportedAt: timestamp('usage_reported_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('billing_charges_account_created_id_idx').on(table.accountId, table.createdAt, table.id),
    index('billing_charges_usage_unreported_idx')
      .on(table.createdAt)
      .where(sql`${table.usageReportedAt} IS NULL AND ${table.kind} IN ('overage', 'refund')`),
  ],
);

/**
 * Stripe's webhook events already applied (decision 036): an event delivered again (Stripe retries, and may send
 * one twice) is acknowledged and changes nothing. Kept with the account it concerned, when there was one.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  receivedAt: createdAt(),
});

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

/** Calls handed to a real carrier, written before the request: after a crash we look the call up, not place it again. */
export const carrierRequests = pgTable(
  'carrier_requests',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    callId: uuid('call_id').notNull(),
    toNumber: text('to_number').notNull(),
    providerCallId: text('provider_call_id'),
    createdAt: createdAt(),
  },
  (table) => [index('carrier_requests_created_idx').on(table.createdAt)],
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
    /**
     * A simulated incoming call (decision 026): who calls, and what they press or say, turn by turn; null for the
     * calls we place, whose callee behaves by the number.
     */
    inbound: jsonb('inbound').$type<{
      from: string;
      inputs: Array<{ digits?: string; speech?: string; silence_s?: number }>;
    }>(),
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
 * How an account takes bookings (decision 015): hours, staff, services, closures and reminder rules, one document
 * validated by `bookingSettingsInputSchema` and replaced whole. No row: the defaults.
 */
/** The phone assistant's settings (decision 026): knowledge, transfer number, greeting; defaults until saved. */
export const assistantSettings = pgTable('assistant_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<AssistantSettings>().notNull(),
  updatedAt: updatedAt(),
});

export const bookingSettings = pgTable('booking_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<BookingSettings>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Calendars that feed an account's appointments (decision 016): an ICS subscription (its URL, refreshed on a
 * schedule) or a Cal.com webhook (its signing secret; the API key, never answered, for writing back).
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: id(),
    accountId: accountRef(),
    /** ics or calcom. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The ICS subscription's URL; null for Cal.com. */
    url: text('url'),
    /** Cal.com: the webhook's signing secret (hex); null for ICS. */
    secret: text('secret'),
    /** Cal.com's API key, when the account gave one; never answered by the API. */
    apiKey: text('api_key'),
    /** The staff member whose calendar it is: its new appointments are theirs; '' for the business as a whole. */
    staff: text('staff').notNull().default(''),
    /** Google: the OAuth refresh token (never answered by the API); null once Google refused it. */
    refreshToken: text('refresh_token'),
    /** Google: the calendar read (its id and name in Google). */
    calendarId: text('calendar_id'),
    calendarName: text('calendar_name'),
    /** Google: the token of the last sync, for the next one to read only what changed since. */
    syncToken: text('sync_token'),
    /** ICS: the event ids its last sync read, so that one gone from the feed is cancelled. */
    seenExternalIds: text('seen_external_ids').array().notNull().default(sql`'{}'::text[]`),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    /** Why the last sync failed, in words; null when it worked. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('calendar_connections_account_idx').on(table.accountId, table.createdAt),
    check('calendar_connections_kind', sql`${table.kind} IN ('ics', 'calcom', 'google')`),
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

/**
 * A Google Calendar connection on its way (decision 023): the OAuth `state` sent to Google, with the PKCE verifier
 * that must stay here and what the connection is to be, until Google sends the user back (ten minutes at most).
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** The state itself: 32 random bytes, base64url. */
    id: text('id').primaryKey(),
    accountId: accountRef(),
    codeVerifier: text('code_verifier').notNull(),
    name: text('name'),
    staff: text('staff').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);

export type Account = typeof accounts.$inferSelect;
export type User = typeof users.$inferSelect;
export type MfaFactor = typeof mfaFactors.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type Script = typeof scripts.$inferSelect;
export type Call = typeof calls.$inferSelect;
export type AuthSession = typeof authSessions.$inferSelect;
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;
export type MailMessage = typeof mailOutbox.$inferSelect;
export type ContactImport = typeof contactImports.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type CallAttempt = typeof callAttempts.$inferSelect;
export type DoNotCallEntry = typeof doNotCall.$inferSelect;
export type Campaign = typeof campaigns.$inferSelect;
export type BillingCharge = typeof billingCharges.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;
export type AppointmentEmailRow = typeof appointmentEmails.$inferSelect;
export type CalendarWritebackRow = typeof calendarWritebacks.$inferSelect;

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

/** Each waitlist entry an offer went to, once: the call made (null when the calling rules refused one). */
export const slotOfferAttempts = pgTable(
  'slot_offer_attempts',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => slotOffers.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    accountId: accountRef(),
    callId: uuid('call_id').references((): AnyPgColumn => calls.id, { onDelete: 'set null' }),
    /** Why no call went out (the calling rule's words); null when one did. */
    skippedReason: text('skipped_reason'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.entryId] })],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type SlotOfferRow = typeof slotOffers.$inferSelect;

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

// The call history's counts at any size (decision 032). A trigger on `calls` writes every statement's net change
// of its rows to `call_count_changes` (appended, never updated: concurrent writers never wait on one another); a
// background fold moves the changes into the three tables below. A count is the table plus the changes still
// waiting, read in one statement, so it always equals a full count of the calls.

/** The calls of an account by what the history filters and totals on: how many, and their sums. */
export const callCounts = pgTable(
  'call_counts',
  {
    accountId: uuid('account_id').notNull(),
    campaignId: uuid('campaign_id'),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    outcome: text('outcome'),
    /** attempts > 0 */
    tried: boolean('tried').notNull(),
    /** handled_at is set */
    handled: boolean('handled').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
    durationSum: bigint('duration_sum', { mode: 'number' }).notNull(),
    /** Calls with a duration (an average's base). */
    durationCount: bigint('duration_count', { mode: 'number' }).notNull(),
    costSum: numeric('cost_sum', { mode: 'string' }).notNull(),
  },
  (table) => [
    unique('call_counts_key')
      .on(
        table.accountId,
        table.campaignId,
        table.direction,
        table.status,
        table.outcome,
        table.tried,
        table.handled,
      )
      .nullsNotDistinct(),
  ],
);

/** Placed calls per quarter hour (UTC) of when they were placed (else ended, else last changed), by result. */
export const callPlacedQuarters = pgTable(
  'call_placed_quarters',
  {
    accountId: uuid('account_id').notNull(),
    quarter: timestamp('quarter', { withTimezone: true, mode: 'date' }).notNull(),
    completed: bigint('completed', { mode: 'number' }).notNull(),
    failed: bigint('failed', { mode: 'number' }).notNull(),
    other: bigint('other', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.quarter] })],
);

/** Calls not cancelled per quarter hour (UTC) of their creation, and their extra-call charges: billing's count. */
export const callCreatedQuarters = pgTable(
  'call_created_quarters',
  {
    accountId: uuid('account_id').notNull(),
    quarter: timestamp('quarter', { withTimezone: true, mode: 'date' }).notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
    overageCalls: bigint('overage_calls', { mode: 'number' }).notNull(),
    overageUsd: numeric('overage_usd', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.quarter] })],
);

/** Net changes of `calls` not folded yet: one row per statement and key, written by the `calls_counted` triggers. */
export const callCountChanges = pgTable(
  'call_count_changes',
  {
    accountId: uuid('account_id').notNull(),
    campaignId: uuid('campaign_id'),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    outcome: text('outcome'),
    tried: boolean('tried').notNull(),
    handled: boolean('handled').notNull(),
    /** Null unless the status is a placed one. */
    placedQuarter: timestamp('placed_quarter', { withTimezone: true, mode: 'date' }),
    createdQuarter: timestamp('created_quarter', { withTimezone: true, mode: 'date' }).notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
    durationSum: bigint('duration_sum', { mode: 'number' }).notNull(),
    durationCount: bigint('duration_count', { mode: 'number' }).notNull(),
    costSum: numeric('cost_sum', { mode: 'string' }).notNull(),
    overageCalls: bigint('overage_calls', { mode: 'number' }).notNull(),
    overageUsd: numeric('overage_usd', { mode: 'string' }).notNull(),
  },
  (table) => [index('call_count_changes_account_idx').on(table.accountId)],
);
