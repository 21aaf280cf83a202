import {
  NEEDS_ATTENTION_OUTCOMES,
  NEEDS_ATTENTION_STATUSES,
  PLACED_STATUSES,
  STATUS_GROUP_MEMBERS,
} from '@callwise/shared/calls';
import { and, asc, type Column, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { callAttempts, calls } from '../schema.ts';
import { type CallFilter, type CallTotals, countedDays, countedTotals } from './call-counts.ts';

import { type CallRow, callColumns } from './call-rows.ts';
import { type Cursor, type ListParam, newestFirstPage, type SearchableList } from './cursor.ts';
import { inAccount } from './in-account.ts';

export type { CallFilter };

/**
 * What the call history leaves out of a call (its page, its CSV, the dashboard's recent calls): the engine's own
 * bookkeeping (claims, the carrier's ids, storage keys, the dialogue, versions) stays in the database, and a page
 * of 50 reads and writes a third fewer values.
 */
const NOT_LISTED = [
  'accountId',
  'dialogue',
  'claimedUntil',
  'providerCallId',
  'recordingKey',
  'recordingCreatedAt',
  'messageAlertedAt',
  'version',
  'updatedAt',
  'slotOfferId',
  'overageUsd',
  'reminderMinutesBefore',
  'handledBy',
] as const satisfies ReadonlyArray<keyof CallRow>;
/** A call as the history lists it. */
export type CallListRow = Omit<CallRow, (typeof NOT_LISTED)[number]>;
const callListColumns = Object.fromEntries(
  Object.entries(callColumns).filter(([key]) => !(NOT_LISTED as readonly string[]).includes(key)),
) as Omit<typeof callColumns, (typeof NOT_LISTED)[number]>;

/** Needs attention and not handled yet (see NEEDS_ATTENTION_OUTCOMES in @callwise/shared/calls). */
function needsAttention(source: Record<string, Column>): SQL {
  return and(
    isNull(source.handledAt as Column),
    or(
      inArray(source.outcome as Column, [...NEEDS_ATTENTION_OUTCOMES]),
      inArray(source.status as Column, [...NEEDS_ATTENTION_STATUSES]),
    ),
  ) as SQL;
}

/** The search-text and filter conditions, on the table or on a subquery of it (values as `param`s). */
function callMatching(source: Record<string, Column>, options: CallFilter, param: ListParam): SQL[] {
  const where: SQL[] = [];
  if (options.q) where.push(sql`${source.search} LIKE ${param('term')}`);
  if (options.status && options.status !== 'all') {
    where.push(inArray(source.status as Column, [...STATUS_GROUP_MEMBERS[options.status]]));
  }
  if (options.outcome) where.push(eq(source.outcome as Column, param('outcome')));
  if (options.campaignId) where.push(eq(source.campaignId as Column, param('campaignId')));
  if (options.direction) where.push(eq(source.direction as Column, param('direction')));
  if (options.view === 'needs_attention') where.push(needsAttention(source));
  if (options.placedOnly) {
    where.push(
      or(inArray(source.status as Column, [...PLACED_STATUSES]), sql`${source.attempts} > 0`) as SQL,
    );
  }
  return where;
}

/** One page of the call history, newest first, filtered by search text and status group (see newestFirstPage). */
export async function listCalls(
  db: Database,
  accountId: string,
  options: CallFilter & { limit: number; cursor?: Cursor | null },
) {
  return newestFirstPage<CallListRow>(db, callList(options), { ...options, accountId });
}

/**
 * A call of a page with its values as the database sent them, for a reader that writes them out as they are:
 * on PostgreSQL every value is the database's text; on PGlite, JSON values (numbers as numbers, timestamps as
 * ISO 8601 text with an offset).
 */
export type RawCallRow = { [K in keyof CallListRow]: unknown } & { id: string; cursorAt: string };

/** listCalls, with the values as the database sent them (RawCallRow). */
export async function listCallsRaw(
  db: Database,
  accountId: string,
  options: CallFilter & { limit: number; cursor?: Cursor | null },
) {
  return newestFirstPage<RawCallRow>(db, callList(options), { ...options, accountId, raw: true });
}

function callList(options: CallFilter): SearchableList {
  return {
    table: calls,
    columns: callListColumns,
    matching: (source, param) => callMatching(source, options, param),
    shape: [
      options.status ?? 'all',
      options.outcome ? 'outcome' : '',
      options.campaignId ? 'campaign' : '',
      options.direction ? 'direction' : '',
      options.view ?? '',
      options.placedOnly ? 'placed' : '',
    ].join('|'),
    values: { outcome: options.outcome, campaignId: options.campaignId, direction: options.direction },
  };
}

export async function getCall(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select(callColumns)
    .from(calls)
    .where(inAccount(calls, accountId, id))
    .limit(1);
  return row;
}

/** The ended attempts of one of the account's calls, oldest first; null when the call is not the account's. */
export async function listCallAttempts(db: Database, accountId: string, callId: string) {
  const call = await getCall(db, accountId, callId);
  if (!call) return null;
  return db
    .select()
    .from(callAttempts)
    .where(and(eq(callAttempts.accountId, accountId), eq(callAttempts.callId, callId)))
    .orderBy(asc(callAttempts.attempt));
}

/**
 * Counts by status group, placed calls, answered calls and the positive ones among them (success rate =
 * positive ÷ answered), average duration over completed calls, total cost; and how many need attention: from the
 * rollups (countedTotals, decision 032), or the calls a search text matches.
 */
export async function summarizeCalls(
  db: Database,
  accountId: string,
  options: CallFilter,
): Promise<CallTotals> {
  return countedTotals(db, accountId, options);
}

/**
 * Placed calls per day over the last `days` days, in the account's time zone: completed, failed (failed, busy,
 * no-answer), everything else (ringing, in progress). A call counts on the day it was placed (else ended, else
 * last changed); calls not placed yet and retries waiting for their time are left out. From the rollups
 * (countedDays, decision 032).
 */
export async function dailyCallCounts(db: Database, accountId: string, days: number, timeZone = 'UTC') {
  return countedDays(db, accountId, days, timeZone);
}
