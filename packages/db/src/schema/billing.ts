import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountRef, accounts } from './accounts.ts';
import { calls } from './calls.ts';
import { createdAt, id } from './columns.ts';

// Billing: charges, and Stripe's webhook events already applied.

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

export type BillingCharge = typeof billingCharges.$inferSelect;
