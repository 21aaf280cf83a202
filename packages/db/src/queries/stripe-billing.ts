import { PLANS, type PlanId, planIdOf } from '@callwise/shared/plans';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, auditEvents, billingCharges, stripeEvents } from '../schema.ts';

/** A subscription as the payment provider has it now, reduced to what the account's plan depends on. */
export interface SubscriptionState {
  accountId: string;
  customerId: string;
  subscriptionId: string;
  /** active: paid up; past_due: the last payment failed; ended: canceled (or never paid). */
  status: 'active' | 'past_due' | 'ended';
  /** The paid plan its price is for; null when the price is not one of ours. */
  plan: PlanId | null;
}

/** A paid invoice, recorded in the account's charges (the billing history) once. */
export interface PaidInvoice {
  id: string;
  amountUsd: number;
  description: string;
  createdAt: Date;
}

/** The account whose customer or subscription at Stripe this is. */
export async function findAccountByStripeIds(
  db: Database,
  ids: { customerId?: string | null; subscriptionId?: string | null },
): Promise<string | null> {
  const where = [
    ids.customerId ? eq(accounts.stripeCustomerId, ids.customerId) : undefined,
    ids.subscriptionId ? eq(accounts.stripeSubscriptionId, ids.subscriptionId) : undefined,
  ].filter((clause) => clause !== undefined);
  if (where.length === 0) return null;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(or(...where))
    .limit(1);
  return row?.id ?? null;
}

/** Remembers the account's customer at Stripe (made before its first checkout). */
export async function setStripeCustomer(db: Database, accountId: string, customerId: string): Promise<void> {
  await db
    .update(accounts)
    .set({ stripeCustomerId: customerId, updatedAt: sql`now()` })
    .where(and(eq(accounts.id, accountId), isNull(accounts.stripeCustomerId)));
}

/**
 * Applies one webhook event at most once: the event's id is written with what it changes, in one transaction, so
 * an event delivered again changes nothing and one cut off by a crash is applied in full when Stripe retries.
 * Answers false for an event already applied.
 */
export async function applyStripeEventOnce(
  db: Database,
  event: { id: string; type: string; accountId: string | null },
  apply: (tx: Database) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, accountId: event.accountId })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return false;
    await apply(tx as unknown as Database);
    return true;
  });
}

/** What a subscription's state changed of the account (written to its audit log as Stripe's doing). */
export interface SubscriptionChange {
  planChanged: boolean;
  from: string;
  to: string;
  paymentStatus: { from: string; to: string } | null;
}

/**
 * What of a subscription's change goes to the account's audit log as the payment provider's doing: everything
 * (checkout, a card failing, the portal, a renewal), the payment status only (a plan change our own API asked for,
 * which the API writes as the signed-in user's), or nothing (our API bringing the account in line itself).
 */
export type SubscriptionAudit = 'everything' | 'payment' | 'nothing';

/**
 * Brings the account's plan in line with its subscription: a paid-up or past-due subscription sets the plan (a new
 * billing month begins when the plan changes) and the payment status; an ended one returns the account to the
 * free trial's state (its data kept) when it was the account's subscription. Answers whether the plan changed;
 * what changed is written to the account's audit log as the payment provider's doing, as far as `audit` says.
 */
export async function syncSubscription(
  db: Database,
  state: SubscriptionState,
  audit: SubscriptionAudit = 'nothing',
): Promise<boolean> {
  const change = await applySubscription(db, state);
  if (change && audit !== 'nothing') {
    const audited = audit === 'everything' ? change : { ...change, planChanged: false };
    await auditSubscriptionChange(db, state.accountId, audited);
  }
  return change?.planChanged ?? false;
}

/** A plan's name as shown ("Free Trial", "Professional"). */
const planName = (plan: string) => PLANS[planIdOf(plan)].name;

async function auditSubscriptionChange(db: Database, accountId: string, change: SubscriptionChange) {
  const base = {
    accountId,
    actorType: 'provider' as const,
    actorId: null,
    actor: 'Stripe',
    targetType: 'account',
  };
  const events: Array<typeof auditEvents.$inferInsert> = [];
  if (change.planChanged) {
    events.push({
      ...base,
      action: 'plan.changed',
      summary: `Changed the plan from ${planName(change.from)} to ${planName(change.to)}`,
      targetId: accountId,
      details: { from: change.from, to: change.to },
    });
  }
  if (change.paymentStatus) {
    const failed = change.paymentStatus.to === 'past_due';
    events.push({
      ...base,
      action: failed ? 'payment.failed' : 'payment.recovered',
      summary: failed
        ? 'A payment failed: calls are held until it is paid'
        : 'The failed payment was paid: calls go out again',
      targetId: accountId,
      details: { payment_status: change.paymentStatus.to },
    });
  }
  if (events.length > 0) await db.insert(auditEvents).values(events);
}

async function applySubscription(db: Database, state: SubscriptionState): Promise<SubscriptionChange | null> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        plan: accounts.plan,
        subscriptionId: accounts.stripeSubscriptionId,
        paymentStatus: accounts.paymentStatus,
      })
      .from(accounts)
      .where(eq(accounts.id, state.accountId))
      .for('update');
    if (!account) return null;
    if (state.status === 'ended') {
      if (account.subscriptionId !== state.subscriptionId) return null;
      await tx
        .update(accounts)
        .set({
          plan: 'trial',
          planStartedAt: sql`now()`,
          stripeSubscriptionId: null,
          paymentStatus: 'ok',
          updatedAt: sql`now()`,
        })
        .where(eq(accounts.id, state.accountId));
      return {
        planChanged: account.plan !== 'trial',
        from: account.plan,
        to: 'trial',
        paymentStatus: account.paymentStatus === 'ok' ? null : { from: account.paymentStatus, to: 'ok' },
      };
    }
    const planChanged = state.plan !== null && state.plan !== account.plan;
    const paymentStatus = state.status === 'past_due' ? 'past_due' : 'ok';
    await tx
      .update(accounts)
      .set({
        stripeCustomerId: state.customerId,
        stripeSubscriptionId: state.subscriptionId,
        paymentStatus,
        ...(planChanged ? { plan: state.plan as PlanId, planStartedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(accounts.id, state.accountId));
    return {
      planChanged,
      from: account.plan,
      to: planChanged ? (state.plan as string) : account.plan,
      paymentStatus:
        paymentStatus === account.paymentStatus ? null : { from: account.paymentStatus, to: paymentStatus },
    };
  });
}

/** Records a paid invoice as a plan charge, once (its id is the charge's provider reference). */
export async function recordPaidInvoice(
  db: Database,
  accountId: string,
  invoice: PaidInvoice,
): Promise<void> {
  const [existing] = await db
    .select({ id: billingCharges.id })
    .from(billingCharges)
    .where(and(eq(billingCharges.accountId, accountId), eq(billingCharges.providerRef, invoice.id)))
    .limit(1);
  if (existing) return;
  await db.insert(billingCharges).values({
    accountId,
    kind: 'subscription',
    description: invoice.description,
    amountUsd: invoice.amountUsd,
    providerRef: invoice.id,
    createdAt: invoice.createdAt,
  });
}

/** An extra call (or its refund) not yet reported to Stripe as metered usage. */
export interface UnreportedUsage {
  id: string;
  kind: 'overage' | 'refund';
  customerId: string;
  createdAt: Date;
  /** For a refund: the overage charge whose usage it takes back. */
  refundOf: string | null;
}

/** Extra calls and refunds of accounts that pay through Stripe, not reported yet, oldest first. */
export async function unreportedUsage(db: Database, limit: number): Promise<UnreportedUsage[]> {
  const result = await db.execute(sql`
    SELECT bc.id, bc.kind, bc.created_at, a.stripe_customer_id,
      CASE WHEN bc.kind = 'refund' THEN (
        SELECT o.id FROM ${billingCharges} o
        WHERE o.account_id = bc.account_id AND o.call_id = bc.call_id AND o.kind = 'overage'
          AND o.created_at <= bc.created_at
        ORDER BY o.created_at DESC LIMIT 1) END AS refund_of
    FROM ${billingCharges} bc JOIN ${accounts} a ON a.id = bc.account_id
    WHERE bc.usage_reported_at IS NULL AND bc.kind IN ('overage', 'refund') AND a.stripe_customer_id IS NOT NULL
    ORDER BY bc.created_at, bc.id
    LIMIT ${limit}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    id: row.id as string,
    kind: row.kind as 'overage' | 'refund',
    customerId: row.stripe_customer_id as string,
    createdAt: new Date(row.created_at as string),
    refundOf: (row.refund_of as string | null) ?? null,
  }));
}

/** Marks usage as reported to Stripe. */
export async function markUsageReported(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(billingCharges)
    .set({ usageReportedAt: sql`now()` })
    .where(and(inArray(billingCharges.id, ids), isNull(billingCharges.usageReportedAt)));
}
