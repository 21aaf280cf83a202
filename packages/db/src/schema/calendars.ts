import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

// Calendars that feed appointments, and the OAuth flows that connect them.

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

export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;
