import {
  bigint,
  boolean,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

// The call history's counts at any size (decision 032). A trigger on `calls` writes every statement's net change
// of its rows to `call_count_changes` (appended, never updated: concurrent writers never wait on one another); a
// background fold moves the changes into the three tables below. A count is the table plus the changes still
// waiting, read in one statement, so it always equals a full count of the calls.

/** What the history filters on: a count's key, and the key of a change to it. */
const countKey = () => ({
  accountId: uuid('account_id').notNull(),
  campaignId: uuid('campaign_id'),
  direction: text('direction').notNull(),
  status: text('status').notNull(),
  outcome: text('outcome'),
  /** attempts > 0 */
  tried: boolean('tried').notNull(),
  /** handled_at is set */
  handled: boolean('handled').notNull(),
});

/** What the history totals: how many calls, and their sums. */
const countSums = () => ({
  calls: bigint('calls', { mode: 'number' }).notNull(),
  durationSum: bigint('duration_sum', { mode: 'number' }).notNull(),
  /** Calls with a duration (an average's base). */
  durationCount: bigint('duration_count', { mode: 'number' }).notNull(),
  costSum: numeric('cost_sum', { mode: 'string' }).notNull(),
});

/** The extra calls beyond the plan, and what they were charged. */
const overage = () => ({
  overageCalls: bigint('overage_calls', { mode: 'number' }).notNull(),
  overageUsd: numeric('overage_usd', { mode: 'string' }).notNull(),
});

/** An account's quarter hour (UTC): the key of the counts by time. */
const quarterKey = () => ({
  accountId: uuid('account_id').notNull(),
  quarter: timestamp('quarter', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The calls of an account by what the history filters and totals on: how many, and their sums. */
export const callCounts = pgTable(
  'call_counts',
  {
    ...countKey(),
    ...countSums(),
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
    ...quarterKey(),
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
    ...quarterKey(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
    ...overage(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.quarter] })],
);

/** Net changes of `calls` not folded yet: one row per statement and key, written by the `calls_counted` triggers. */
export const callCountChanges = pgTable(
  'call_count_changes',
  {
    ...countKey(),
    /** Null unless the status is a placed one. */
    placedQuarter: timestamp('placed_quarter', { withTimezone: true, mode: 'date' }),
    createdQuarter: timestamp('created_quarter', { withTimezone: true, mode: 'date' }).notNull(),
    ...countSums(),
    ...overage(),
  },
  (table) => [index('call_count_changes_account_idx').on(table.accountId)],
);
