import { randomUUID } from 'node:crypto';
import {
  type BillingPosition,
  billingPeriod,
  type CallsPrice,
  EXTRA_CALL_CENTS,
  priceCalls,
  toCents,
  toUsd,
} from '@callwise/shared/billing';
import { PLANS, type PlanId, planIdOf } from '@callwise/shared/plans';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, billingCharges, calls } from '../schema.ts';
import { countedCreated } from './call-counts.ts';
import { type CallRow, insertCalls, type NewCall } from './call-rows.ts';
import { afterCursor, type Cursor, cursorAt, toPage } from './cursor.ts';

/** What billing needs of an account row. */
export interface BillingAccount {
  id: string;
  plan: string;
  planStartedAt: Date;
  monthlyBudgetUsd: number | null;
  /** ok, or past_due (a payment provider's last payment failed: calls are held). */
  paymentStatus: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

/** An account's billing month (the trial: its whole life, from when it began) and its position in it. */
export interface BillingState extends BillingPosition {
  periodStart: Date;
  /** null for the trial, which has no months. */
  periodEnd: Date | null;
  overageCalls: number;
  /** The account's customer at Stripe, once it has been to checkout. */
  stripeCustomerId: string | null;
}

const billingColumns = {
  id: accounts.id,
  plan: accounts.plan,
  planStartedAt: accounts.planStartedAt,
  monthlyBudgetUsd: accounts.monthlyBudgetUsd,
  paymentStatus: accounts.paymentStatus,
  stripeCustomerId: accounts.stripeCustomerId,
  stripeSubscriptionId: accounts.stripeSubscriptionId,
};

export async function findBillingAccount(
  db: Database,
  accountId: string,
): Promise<BillingAccount | undefined> {
  const [row] = await db.select(billingColumns).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/**
 * The calls of the account's billing month (the trial: all of them) and what their extra calls cost. Cancelled
 * calls count for nothing: they give their place back, and their charge is refunded.
 */
export async function billingState(
  db: Database,
  account: BillingAccount,
  now: Date = new Date(),
): Promise<BillingState> {
  const plan: PlanId = planIdOf(account.plan);
  const period = plan === 'trial' ? null : billingPeriod(account.planStartedAt, now);
  const row = await countedCreated(db, account.id, period?.start ?? null);
  return {
    plan,
    periodStart: period?.start ?? account.planStartedAt,
    periodEnd: period?.end ?? null,
    included: PLANS[plan].callsIncluded,
    used: row.used,
    overageCalls: row.overageCalls,
    overageCents: row.overageCents,
    budgetCents: account.monthlyBudgetUsd === null ? null : toCents(account.monthlyBudgetUsd),
    pastDue: account.paymentStatus === 'past_due',
    stripeCustomerId: account.stripeCustomerId,
  };
}

export type InsertCallsWithBillingResult =
  | { ok: true; calls: CallRow[]; overageCalls: number; overageCents: number }
  | { ok: false; state: BillingState; price: Extract<CallsPrice, { allowed: false }> };

/**
 * Inserts calls of one account, all or none, and bills them in the same transaction: with the account row
 * locked (so parallel requests are counted one after the other and cannot overdraw anything), the calls beyond
 * the allowance of the billing month each carry the extra-call price in `overage_usd` and get an `overage`
 * charge. Refused, nothing is written: the trial's limit is hard, and extra calls must fit the monthly budget.
 */
export async function insertCallsWithBilling(
  db: Database,
  accountId: string,
  values: Array<NewCall & { accountId: string }>,
  /** `read: false`: the calls are written but not read back (`calls` is empty; a campaign counts them). */
  options: { read?: boolean } = {},
): Promise<InsertCallsWithBillingResult> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select(billingColumns)
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw new Error('no such account');
    const state = await billingState(tx, account);
    const price = priceCalls(state, values.length);
    if (!price.allowed) return { ok: false as const, state, price };

    // The first calls take what is left of the allowance; the rest are extra calls.
    const extra = toUsd(EXTRA_CALL_CENTS);
    const rows = values.map((row, index) => ({
      ...row,
      id: row.id ?? randomUUID(),
      overageUsd: index < price.includedLeft ? 0 : extra,
    }));
    const inserted = await insertCalls(tx, accountId, rows, options);
    const charged = rows.filter((call) => call.overageUsd > 0);
    if (charged.length > 0) {
      // One statement from the calls just written, in their order (a campaign may bill thousands at once).
      const included = state.included.toLocaleString('en-US');
      const ids = JSON.stringify(charged.map((call) => call.id));
      await tx.execute(sql`
        INSERT INTO ${billingCharges} (account_id, kind, description, amount_usd, call_id)
        SELECT c.account_id, 'overage',
          'Extra call to ' || c.recipient_name || ' (' || c.phone || '), beyond the ' || ${included}::text || ' included calls',
          c.overage_usd, c.id
        FROM jsonb_array_elements_text(${ids}::jsonb) WITH ORDINALITY AS x(id, n)
        JOIN ${calls} c ON c.id = x.id::uuid AND c.account_id = ${accountId}
        ORDER BY x.n`);
    }
    return {
      ok: true as const,
      calls: inserted,
      overageCalls: charged.length,
      overageCents: price.overageCents,
    };
  });
}

/**
 * Moves the account to another plan, starting a new billing month at `startedAt`, and records the plan's charge,
 * in one transaction. Only when the account is still on `from` (two changes at once: one wins, false for the other).
 */
export async function changeAccountPlan(
  db: Database,
  accountId: string,
  change: {
    from: string;
    to: PlanId;
    startedAt: Date;
    charge: { amountUsd: number; description: string; providerRef: string | null };
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ plan: change.to, planStartedAt: change.startedAt, updatedAt: sql`now()` })
      .where(and(eq(accounts.id, accountId), eq(accounts.plan, change.from)))
      .returning({ id: accounts.id });
    if (updated.length === 0) return false;
    await tx.insert(billingCharges).values({
      accountId,
      kind: 'subscription',
      description: change.charge.description,
      amountUsd: change.charge.amountUsd,
      providerRef: change.charge.providerRef,
      createdAt: change.startedAt,
    });
    return true;
  });
}

/** Sets (or with null, removes) the account's monthly budget for extra calls. */
export async function setMonthlyBudget(db: Database, accountId: string, budgetUsd: number | null) {
  const [row] = await db
    .update(accounts)
    .set({ monthlyBudgetUsd: budgetUsd, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId))
    .returning(billingColumns);
  return row;
}

/** The account's charges, newest first, a page at a time. */
export async function listCharges(
  db: Database,
  accountId: string,
  options: { limit: number; cursor?: Cursor | null },
) {
  const where: SQL[] = [eq(billingCharges.accountId, accountId)];
  if (options.cursor) where.push(afterCursor(billingCharges.createdAt, billingCharges.id, options.cursor));
  const rows = await db
    .select({
      id: billingCharges.id,
      kind: billingCharges.kind,
      description: billingCharges.description,
      amountUsd: billingCharges.amountUsd,
      callId: billingCharges.callId,
      providerRef: billingCharges.providerRef,
      createdAt: billingCharges.createdAt,
      cursorAt: cursorAt(billingCharges.createdAt),
    })
    .from(billingCharges)
    .where(and(...where))
    .orderBy(desc(billingCharges.createdAt), desc(billingCharges.id))
    .limit(options.limit + 1);
  return toPage(rows, options.limit);
}
