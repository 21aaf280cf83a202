import type { CallDialogue } from '@callwise/shared/call-dialogue';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
import { accountRef, users } from './accounts.ts';
import { appointments } from './appointments.ts';
import { campaigns, scripts } from './campaigns.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { contacts } from './contacts.ts';
import { slotOffers, waitlistEntries } from './waitlist.ts';

// Calls: their attempts, the calls offering a freed slot to the waitlist, and the carriers' ledgers.

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
    // Calls a dispatcher holds a claim on (a few at a time): when the next claim runs out (nextDispatchAt).
    index('calls_claimed_idx')
      .on(table.claimedUntil)
      .where(sql`claimed_until IS NOT NULL AND provider_call_id IS NULL`),
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

export type Call = typeof calls.$inferSelect;
export type CallAttempt = typeof callAttempts.$inferSelect;
