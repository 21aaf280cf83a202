import type { AssistantSettings } from '@callwise/shared/schemas/assistant';
import type { BookingSettings } from '@callwise/shared/schemas/booking';
import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { updatedAt } from './columns.ts';

// An account's settings documents: the phone assistant and bookings.

/** The phone assistant's settings (decision 026): knowledge, transfer number, greeting; defaults until saved. */
export const assistantSettings = pgTable('assistant_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<AssistantSettings>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * How an account takes bookings (decision 015): hours, staff, services, closures and reminder rules, one document
 * validated by `bookingSettingsInputSchema` and replaced whole. No row: the defaults.
 */
export const bookingSettings = pgTable('booking_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<BookingSettings>().notNull(),
  updatedAt: updatedAt(),
});
