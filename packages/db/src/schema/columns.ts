import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Column helpers every table uses.

// Lists are read newest first (ORDER BY created_at DESC, id DESC): btree indexes on (…, created_at, id) in
// ascending order serve that by scanning backwards. (An index declared "DESC NULLS LAST" cannot.)
export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
