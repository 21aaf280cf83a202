import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountRef } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

// Scripts, and campaigns that call many contacts with one.

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

export type Script = typeof scripts.$inferSelect;
export type Campaign = typeof campaigns.$inferSelect;
